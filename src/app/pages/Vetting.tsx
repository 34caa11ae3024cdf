/** The vetting page (issue 11): after an identity check that needs documents, the applicant adds files, sees each
 *  one's upload progress, may remove any before sending, and gets a confirmation naming what was received.
 *  Every file is checked here by its content as the server will check it again; a refused file is never sent. */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { NotFound } from './NotFound';
import { variant } from '../variant';
import { detailsByVariant } from '../details';
import { currentCopy, useLanguage, useText } from '../copy';
import { fillPlural } from '../plural';
import { Fill } from '../Fill';
import { fill } from '../../engine/fill';
import { pageView } from '../analytics';
import { fetchCsrfToken } from '../../api/session';
import { confirmDocuments, documentStatus, DocumentsRefused, uploadDocument, type ReceivedDocument } from '../../api/documents';
import { acceptAttribute, displaySize, documentRules, documentType, messageValues, sniffDocumentType, SNIFF_BYTES, type DocumentType } from '../../domain/documents';

/** A keyed message in the page's language, with the limits and help phone filled in. */
const say = (key: string) => fill(currentCopy().messages[key], messageValues(variant.helpPhone));

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
  const { vetting: t } = useText();
  return (
    <section aria-labelledby="accepted">
      <p className="lead">{fill(t.intro, { bankName: variant.brand.bankName })}</p>
      <h2 id="accepted">{t.acceptedTitle}</h2>
      <ul>
        {t.accepted.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <strong>{t.noCellBills}</strong> {t.noCellBillsWhy}
      </p>
      <p id="document-help">{fill(t.fileHelp, messageValues(variant.helpPhone))}</p>
    </section>
  );
}

function Confirmation({ documents }: { documents: ReceivedDocument[] }) {
  const { vetting: t, actions } = useText();
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="outcome" aria-labelledby="received">
      <h2 id="received" tabIndex={-1} ref={heading}>
        {t.receivedTitle}
      </h2>
      <p role="status">
        {fillPlural(t.receivedDocuments, { count: documents.length }, language)}
      </p>
      <ul className="received-list">
        {documents.map((d) => (
          <li key={d.id}>
            <span className="document-name">{d.name}</span> ({t.types[d.type]}, {displaySize(d.size)})
          </li>
        ))}
      </ul>
      <p>
        <Fill text={t.review} values={{ helpPhone: phoneLink() }} />
      </p>
      <p>
        <a href={variant.links.home}>{actions.exit}</a>
      </p>
    </section>
  );
}

function VettingForm() {
  const { vetting: t, form, site } = useText();
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
        setClosedMessage(e instanceof DocumentsRefused ? e.message : say('unavailable'));
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
        await uploadDocument(item.file!, (progress) => update(item.key, { progress }));
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

  if (phase === 'loading') return <p aria-busy="true">{site.loading}</p>;
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
        <h2 id="your-documents">{t.yourDocuments}</h2>
        <div className="file-buttons">
          <label className={`button secondary file-button${full || sending ? ' inactive' : ''}`}>
            {t.chooseFiles}
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
            {t.takePhoto}
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
              <p className="alert-title">{refused.some((r) => r.name) ? t.notAdded : form.errorSummary}</p>
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
          <ul className="document-list" aria-label={t.toSend}>
            {items.map((item) => (
              <li key={item.key} className="document-item">
                <div className="document-line">
                  <span className="document-name">{item.name}</span>
                  <span className="document-meta">
                    {t.types[item.type.id]}, {displaySize(item.size)}
                  </span>
                  {item.status === 'sent' && <span className="document-sent">{t.sent}</span>}
                  {item.status !== 'sent' && !sending && (
                    <button type="button" className="link-button" onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}>
                      {t.remove}<span className="visually-hidden"> {item.name}</span>
                    </button>
                  )}
                </div>
                {item.status === 'sending' && (
                  <progress max={100} value={Math.round(item.progress * 100)} aria-label={fill(t.sending, { name: item.name })}>
                    {Math.round(item.progress * 100)}%
                  </progress>
                )}
                {item.status === 'failed' && <p className="field-error">{item.error}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t.none}</p>
        )}
        <p className="visually-hidden" aria-live="polite">
          {sending ? fill(t.sendingCount, { number: items.filter((i) => i.status === 'sent').length + 1, total: items.length }) : ''}
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? t.sendingButton : t.send}
          </button>
        </div>
      </form>
    </>
  );
}

export function Vetting() {
  const { pathname } = useLocation();
  // Only the vetting address a variant names is this page; any other spelling is not found.
  const { vetting } = useText();
  if (!Object.values(detailsByVariant).some((d) => d.vettingUrl === pathname)) return <NotFound />;
  return (
    <Layout title={vetting.title}>
      <VettingForm />
    </Layout>
  );
}
