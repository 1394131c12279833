/** A PKI detail page's downloads: links to one API address with the format asked in the query. */
import { useApiHref } from './pki';

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

/** The downloads of a certificate (a CA's or a leaf's) at `path`: PEM, DER, and PEM with its chain. */
export function CertificateDownloads({ path, chainLabel }: { path: string; chainLabel: string }) {
  return (
    <DownloadLinks
      href={useApiHref(path)}
      links={[
        ['Download certificate (PEM)', 'format=pem'],
        ['Download certificate (DER)', 'format=der'],
        [chainLabel, 'format=pem&chain=1'],
      ]}
    />
  );
}
