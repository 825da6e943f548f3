/** A value a form carries without showing it (a GET form's own query values, which its submission would drop). */
export function HiddenField({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}
