import type { ReactNode } from "react";
import { Link } from "react-router";
import { parseMarkdown, type Inline } from "~/lib/markdown";

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case "text":
        return node.text;
      case "strong":
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case "emphasis":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "code":
        return <code key={index}>{node.text}</code>;
      case "link":
        return node.external ? (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        ) : (
          <Link key={index} to={node.href}>
            {renderInline(node.children)}
          </Link>
        );
    }
  });
}

/** Renders Markdown as React elements: external links open in a new tab without opener or referrer. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className}>
      {parseMarkdown(source).map((block, index) => {
        switch (block.kind) {
          case "heading": {
            const Heading = `h${block.level}` as const;
            return <Heading key={index}>{renderInline(block.children)}</Heading>;
          }
          case "paragraph":
            return <p key={index}>{renderInline(block.children)}</p>;
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}
