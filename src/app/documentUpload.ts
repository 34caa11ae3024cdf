/** The vetting page's documents (issue 11): what was chosen, each file's upload, and the page's phase, from loading
 *  what the server already has to the confirmation. Every file is checked by its content as the server will check it
 *  again; a refused file is never sent. The page draws what this holds (Vetting.tsx). */
import { useEffect, useRef, useState } from 'react';
import { variant } from './variant';
import { currentWords } from './words';
import { fill } from '../engine/fill';
import { pageView } from './analytics';
import { fetchCsrfToken } from '../api/session';
import { confirmDocuments, documentStatus, DocumentsRefused, uploadDocument, type ReceivedDocument } from '../api/documents';
import { documentRules, documentType, messageValues, sniffDocumentType, SNIFF_BYTES, type DocumentType } from '../domain/documents';

/** A keyed message in the page's language, with the limits and help phone filled in. */
const message = (key: string) => fill(currentWords().messages[key], messageValues(variant.helpPhone));

export interface Item {
  key: string;
  name: string;
  size: number;
  type: DocumentType;
  file?: File;
  status: 'ready' | 'sending' | 'sent' | 'failed';
  progress: number;
  error?: string;
}

export interface Refused {
  name: string;
  message: string;
}

export type Phase = 'loading' | 'ready' | 'sending' | 'confirmed' | 'closed';

let nextKey = 1;
const fromReceived = (d: ReceivedDocument): Item => ({ key: `r${d.id}`, name: d.name, size: d.size, type: documentType(d.type)!, status: 'sent', progress: 1 });

/** The problem with a chosen file, judged by its size and first bytes; null when it may be sent. */
async function problemWith(file: File): Promise<{ message: string } | { type: DocumentType }> {
  if (file.size === 0) return { message: message('documentEmpty') };
  if (file.size > documentRules.maxFileBytes) return { message: message('documentTooLarge') };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { message: message('documentUnreadable') };
  }
  const type = sniffDocumentType(head);
  return type ? { type } : { message: message('documentWrongType') };
}

export function useDocumentUpload() {
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
        setClosedMessage(e instanceof DocumentsRefused ? e.message : message('unavailable'));
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
        problems.push({ name: file.name, message: message('documentsTooMany') });
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
      setRefused([{ name: '', message: message('documentsNone') }]);
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
          update(item.key, { status: 'failed', error: message('documentNotSent') });
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
        setRefused([{ name: '', message: e instanceof DocumentsRefused ? e.message : message('documentNotSent') }]);
        setPhase('ready');
      }
    }
  }

  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key));
  return { phase, items, refused, closedMessage, received, add, sendAll, remove };
}
