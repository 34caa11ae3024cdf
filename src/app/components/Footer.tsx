/** Footer on every page: help phone, availability, privacy and terms, deposit insurance, security seal. */
import { useState } from 'react';
import { LazyModal as Modal } from './LazyModal';
import { useText, useVariant } from '../words';
import { Fill } from '../Fill';

export function Footer() {
  const text = useText().footer;
  const variant = useVariant();
  const [sealOpen, setSealOpen] = useState(false);
  const tel = variant.helpPhone.replace(/\D/g, '');
  return (
    <footer className="site-footer">
      <p>
        <Fill text={text.help} values={{ helpPhone: <a href={`tel:+${tel}`}>{variant.helpPhone}</a> }} />
      </p>
      <ul className="footer-links">
        <li>
          <a href={variant.links.privacy}>{text.privacy}</a>
        </li>
        <li>
          <a href={variant.links.terms}>{text.terms}</a>
        </li>
        {variant.links.feeSchedule && (
          <li>
            <a href={variant.links.feeSchedule}>{text.feeSchedule}</a>
          </li>
        )}
      </ul>
      <p className="badges">
        <span className="badge">{text.fdic}</span>
        <button type="button" className="link-button" onClick={() => setSealOpen(true)}>
          {text.seal}
        </button>
      </p>
      <Modal
        open={sealOpen}
        title={text.sealTitle}
        onClose={() => setSealOpen(false)}
        actions={
          <button type="button" className="button" onClick={() => setSealOpen(false)}>
            {text.close}
          </button>
        }
      >
        <p>{text.sealText}</p>
      </Modal>
    </footer>
  );
}
