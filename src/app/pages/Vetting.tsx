/** The vetting page (issue 11): after an identity check that needs documents, the applicant adds files, sees each
 *  one's upload progress, may remove any before sending, and gets a confirmation naming what was received. What the
 *  page holds and does with the files is src/app/documentUpload.ts; this draws it. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { NotFound } from './NotFound';
import { variant } from '../variant';
import { detailsByVariant } from '../details';
import { useLanguage, useText } from '../words';
import { fillPlural } from '../plural';
import { Fill } from '../Fill';
import { fill } from '../../engine/fill';
import { useDocumentUpload } from '../documentUpload';
import type { ReceivedDocument } from '../../api/documents';
import { acceptAttribute, displaySize, documentRules, messageValues } from '../../domain/documents';

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
  const { phase, items, refused, closedMessage, received, add, sendAll, remove } = useDocumentUpload();
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
                    <button type="button" className="link-button" onClick={() => remove(item.key)}>
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
