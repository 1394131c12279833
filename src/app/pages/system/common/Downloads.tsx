/** A PKI detail page's downloads: links to one API address with the format asked in the query. */
export function DownloadLinks({
  href,
  links,
}: {
  href: string;
  links: ReadonlyArray<[label: string, query: string]>;
}) {
  return (
    <>
      {links.map(([label, query]) => (
        <a key={label} className="button" href={`${href}?${query}`} download>
          {label}
        </a>
      ))}
    </>
  );
}
