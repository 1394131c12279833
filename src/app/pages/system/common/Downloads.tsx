/** A PKI detail page's downloads: links to one download endpoint of an object, with the format asked in the query. */
import { urlOf, type AnyEndpoint, type QueryOf } from '../../../../shared/contracts/endpoint';
import {
  getCaCertificateFile,
  getCertificateFile,
  type certificateFileQuery,
} from '../../../../shared/contracts/pki';
import { useAppSelector } from '../../../../store/createStore';
import type { Static } from '@sinclair/typebox';

export function DownloadLinks<E extends AnyEndpoint>({
  endpoint,
  id,
  links,
}: {
  /** A download endpoint of one object (`pki.getCrlFile`): its `:id` is `id`. */
  endpoint: E;
  id: string;
  links: ReadonlyArray<readonly [label: string, query: NonNullable<QueryOf<E>>]>;
}) {
  const href = urlOf(
    endpoint,
    { id },
    useAppSelector((s) => s.config.apiBase),
  );
  return (
    <>
      {links.map(([label, query]) => (
        <a
          key={label}
          className="button"
          href={`${href}?${new URLSearchParams(query as Record<string, string>)}`}
          download
        >
          {label}
        </a>
      ))}
    </>
  );
}

const CERTIFICATE_LINKS = {
  pem: { format: 'pem' },
  der: { format: 'der' },
  chain: { format: 'pem', chain: '1' },
} as const satisfies Record<string, Static<typeof certificateFileQuery>>;

/** The downloads of a certificate (a CA's or a leaf's): PEM, DER, and PEM with its chain. */
export function CertificateDownloads({
  endpoint,
  id,
  chainLabel,
}: {
  endpoint: typeof getCertificateFile | typeof getCaCertificateFile;
  id: string;
  chainLabel: string;
}) {
  return (
    <DownloadLinks
      endpoint={endpoint}
      id={id}
      links={[
        ['Download certificate (PEM)', CERTIFICATE_LINKS.pem],
        ['Download certificate (DER)', CERTIFICATE_LINKS.der],
        [chainLabel, CERTIFICATE_LINKS.chain],
      ]}
    />
  );
}
