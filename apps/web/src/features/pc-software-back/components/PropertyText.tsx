/** A property as lists show it: its name, and its number after it. */
export function PropertyText({ name, pno }: { name: string; pno: string }) {
  return (
    <span translate="no" title={`${name} (${pno})`}>
      {name || pno}
      {name ? <span className="k-soft-mono"> {pno}</span> : null}
    </span>
  );
}
