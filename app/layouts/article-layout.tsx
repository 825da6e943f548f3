import { Outlet } from "react-router";
import { Logo } from "~/components/site-header";

/** Long-form text: a narrow column under a slim header. */
export default function ArticleLayout() {
  return (
    <div className="layout layout-article">
      <header className="article-header">
        <Logo />
      </header>
      <main id="main" className="article">
        <Outlet />
      </main>
    </div>
  );
}
