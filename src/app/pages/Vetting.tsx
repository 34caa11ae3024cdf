/** The vetting page (issue 11): after an identity check that needs documents, the applicant adds files, sees each
 *  one's upload progress, may remove any before sending, and gets a confirmation naming what was received.
 *  Every file is checked here by its content as the server will check it again; a refused file is never sent. */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { NotFound } from './NotFound';
import { variant } from '../variant';
import { details } from '../details';
import { detailsByVariant } from '../../../generated/details';
import { messages } from '../messages';
import { pageView } from '../analytics';
import { fetchCsrfToken } from '../../api/session';
import { confirmDocuments, documentStatus, DocumentsRefused, uploadDocument, type ReceivedDocument } from '../../api/documents';
import { acceptAttribute, displaySize, documentRules, documentType, fillMessage, messageValues, sniffDocumentType, SNIFF_BYTES, type DocumentType } from '../../domain/documents';

const say = (key: string) => fillMessage(messages[key], messageValues(variant.helpPhone));

interface Item {
  key: string;
  name: string;
  size: number;
  type: DocumentType;
  file?: File;
  status: 'ready' | 'sending' | 'sent' | 'failed';
  progress: number;
  error?: string;
}

interface Refused {
  name: string;
  message: string;
}

type Phase = 'loading' | 'ready' | 'sending' | 'confirmed' | 'closed';

let nextKey = 1;
const fromReceived = (d: ReceivedDocument): Item => ({ key: `r${d.id}`, name: d.name, size: d.size, type: documentType(d.type)!, status: 'sent', progress: 1 });

/** The problem with a chosen file, judged by its size and first bytes; null when it may be sent. */
async function problemWith(file: File): Promise<{ message: string } | { type: DocumentType }> {
  if (file.size === 0) return { message: say('documentEmpty') };
  if (file.size > documentRules.maxFileBytes) return { message: say('documentTooLarge') };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { message: say('documentUnreadable') };
  }
  const type = sniffDocumentType(head);
  return type ? { type } : { message: say('documentWrongType') };
}

const phoneLink = () => <a href={`tel:+${variant.helpPhone.replace(/\D/g, '')}`}>{variant.helpPhone}</a>;

function AcceptedDocuments() {
  const intro = details.vettingIntro;
  return (
    <section aria-labelledby="accepted">
      <p className="lead">
        {typeof intro === 'string'
          ? intro
          : `We could not confirm your identity from your application alone. The law requires ${variant.brand.bankName} to verify who opens an account, so please send us a copy of your documents.`}
      </p>
      <h2 id="accepted">Documents we accept</h2>
      <ul>
        <li>a copy of your social security card;</li>
        <li>a photo ID that shows your current address, such as a driver's license or state ID card;</li>
        <li>if your photo ID does not show your address, a recent utility bill (electric, gas, water or landline phone) with your name and address.</li>
      </ul>
      <p>
        <strong>Cell phone bills are not accepted.</strong> They do not prove where you live.
      </p>
      <p id="document-help">
        Send PDF, JPEG or PNG files, up to {documentRules.maxFileMB} MB each and {documentRules.maxFiles} files in all. A photo must show the whole document, sharp and
        readable.
      </p>
    </section>
  );
}

function Confirmation({ documents }: { documents: ReceivedDocument[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="outcome" aria-labelledby="received">
      <h2 id="received" tabIndex={-1} ref={heading}>
        Documents received
      </h2>
      <p role="status">
        Thank you. We received {documents.length === 1 ? 'your document' : `your ${documents.length} documents`}:
      </p>
      <ul className="received-list">
        {documents.map((d) => (
          <li key={d.id}>
            <span className="document-name">{d.name}</span> ({documentType(d.type)?.label}, {displaySize(d.size)})
          </li>
        ))}
      </ul>
      <p>We will review them and contact you about your account. If you have questions, call {phoneLink()}.</p>
      <p>
        <a href={variant.links.home}>Exit</a>
      </p>
    </section>
  );
}

function VettingForm() {
  const [phase, setPhase] = useState<Phase>('loading');
  const [items, setItems] = useState<Item[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [closedMessage, setClosedMessage] = useState('');
  const [received, setReceived] = useState<ReceivedDocument[]>([]);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    pageView('vetting');
    void fetchCsrfToken();
    documentStatus()
      .then(({ documents }) => {
        setItems(documents.map(fromReceived));
        setPhase('ready');
      })
      .catch((e: unknown) => {
        setClosedMessage(e instanceof DocumentsRefused ? e.message : messages.unavailable);
        setPhase('closed');
      });
  }, []);

  const update = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function add(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    const problems: Refused[] = [];
    const added: Item[] = [];
    for (const file of chosen) {
      if (itemsRef.current.length + added.length >= documentRules.maxFiles) {
        problems.push({ name: file.name, message: say('documentsTooMany') });
        continue;
      }
      const checked = await problemWith(file);
      if ('message' in checked) problems.push({ name: file.name, message: checked.message });
      else added.push({ key: `f${nextKey++}`, name: file.name, size: file.size, type: checked.type, file, status: 'ready', progress: 0 });
    }
    setRefused(problems);
    setItems((list) => [...list, ...added]);
  }

  async function sendAll() {
    const waiting = itemsRef.current.filter((i) => i.status === 'ready' || i.status === 'failed');
    if (itemsRef.current.length === 0) {
      setRefused([{ name: '', message: say('documentsNone') }]);
      return;
    }
    setRefused([]);
    setPhase('sending');
    const problems: Refused[] = [];
    let unsent = 0;
    for (const item of waiting) {
      update(item.key, { status: 'sending', progress: 0, error: undefined });
      try {
        await uploadDocument(item.file!, (progress) => update(item.key, { progress }), messages.sessionExpired);
        update(item.key, { status: 'sent', progress: 1 });
      } catch (e) {
        if (e instanceof DocumentsRefused && e.status === 403) {
          setClosedMessage(e.message);
          setPhase('closed');
          return;
        }
        if (e instanceof DocumentsRefused) {
          // Refused by the server: nothing of it was kept; it leaves the list with the reason.
          problems.push({ name: item.name, message: e.message });
          setItems((list) => list.filter((i) => i.key !== item.key));
        } else {
          unsent++;
          update(item.key, { status: 'failed', error: say('documentNotSent') });
        }
      }
    }
    setRefused(problems);
    // Confirmed only when every listed file arrived: after a refusal the applicant may want to add another.
    if (problems.length > 0 || unsent > 0) {
      setPhase('ready');
      return;
    }
    try {
      setReceived(await confirmDocuments());
      setPhase('confirmed');
    } catch (e) {
      if (e instanceof DocumentsRefused && e.status === 403) {
        setClosedMessage(e.message);
        setPhase('closed');
      } else {
        setRefused([{ name: '', message: e instanceof DocumentsRefused ? e.message : say('documentNotSent') }]);
        setPhase('ready');
      }
    }
  }

  if (phase === 'loading') return <p aria-busy="true">Loading…</p>;
  if (phase === 'confirmed') return <Confirmation documents={received} />;
  if (phase === 'closed') {
    return (
      <>
        <div className="alert danger" role="alert">
          <p>{closedMessage}</p>
        </div>
        <AcceptedDocuments />
      </>
    );
  }

  const sending = phase === 'sending';
  const full = items.length >= documentRules.maxFiles;
  const describedBy = `document-help${refused.length ? ' document-errors' : ''}`;
  return (
    <>
      <AcceptedDocuments />
      <form
        className="documents"
        aria-labelledby="your-documents"
        onSubmit={(e) => {
          e.preventDefault();
          void sendAll();
        }}
      >
        <h2 id="your-documents">Your documents</h2>
        <div className="file-buttons">
          <label className={`button secondary file-button${full || sending ? ' inactive' : ''}`}>
            Choose files
            <input
              type="file"
              className="visually-hidden"
              accept={acceptAttribute}
              multiple
              disabled={sending}
              aria-describedby={describedBy}
              aria-invalid={refused.length > 0 || undefined}
              onChange={(e) => {
                void add(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </label>
          {/* On a phone: straight to the camera (the other button still offers files and photos). */}
          <label className={`button secondary file-button camera-only${full || sending ? ' inactive' : ''}`}>
            Take a photo
            <input
              type="file"
              className="visually-hidden"
              accept={documentRules.types.filter((t) => t.mime.startsWith('image/')).map((t) => t.mime).join(',')}
              capture="environment"
              disabled={sending}
              aria-describedby={describedBy}
              onChange={(e) => {
                void add(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
        <div id="document-errors" role="alert" className={refused.length ? 'alert danger' : undefined}>
          {refused.length > 0 && (
            <>
              <p className="alert-title">{refused.some((r) => r.name) ? 'Not added:' : 'There is a problem'}</p>
              <ul>
                {refused.map((r, i) => (
                  <li key={`${r.name}-${i}`}>
                    {r.name && <span className="document-name">{r.name}: </span>}
                    {r.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {items.length > 0 ? (
          <ul className="document-list" aria-label="Documents to send">
            {items.map((item) => (
              <li key={item.key} className="document-item">
                <div className="document-line">
                  <span className="document-name">{item.name}</span>
                  <span className="document-meta">
                    {item.type.label}, {displaySize(item.size)}
                  </span>
                  {item.status === 'sent' && <span className="document-sent">Sent</span>}
                  {item.status !== 'sent' && !sending && (
                    <button type="button" className="link-button" onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}>
                      Remove<span className="visually-hidden"> {item.name}</span>
                    </button>
                  )}
                </div>
                {item.status === 'sending' && (
                  <progress max={100} value={Math.round(item.progress * 100)} aria-label={`Sending ${item.name}`}>
                    {Math.round(item.progress * 100)}%
                  </progress>
                )}
                {item.status === 'failed' && <p className="field-error">{item.error}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No documents added yet.</p>
        )}
        <p className="visually-hidden" aria-live="polite">
          {sending ? `Sending ${items.filter((i) => i.status === 'sent').length + 1} of ${items.length}` : ''}
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending…' : 'Send documents'}
          </button>
        </div>
      </form>
    </>
  );
}

export function Vetting() {
  const { pathname } = useLocation();
  // Only the vetting address a variant names is this page; any other spelling is not found.
  if (!Object.values(detailsByVariant).some((d) => d.vettingUrl === pathname)) return <NotFound />;
  return (
    <Layout title="Documents needed">
      <VettingForm />
    </Layout>
  );
}
