/** Footer on every page: help phone, availability, privacy and terms, deposit insurance, security seal. */
import { useState } from 'react';
import { variant } from '../variant';
import { Modal } from './Modal';

export function Footer() {
  const [sealOpen, setSealOpen] = useState(false);
  const tel = variant.helpPhone.replace(/\D/g, '');
  return (
    <footer className="site-footer">
      <p>
        Need help? Call <a href={`tel:+${tel}`}>{variant.helpPhone}</a>, available 24/7 excluding major US holidays.
      </p>
      <ul className="footer-links">
        <li>
          <a href={variant.links.privacy}>Privacy</a>
        </li>
        <li>
          <a href={variant.links.terms}>Terms of Use</a>
        </li>
        {variant.links.feeSchedule && (
          <li>
            <a href={variant.links.feeSchedule}>Schedule of Fees</a>
          </li>
        )}
      </ul>
      <p className="badges">
        <span className="badge">Member FDIC</span>
        <button type="button" className="link-button" onClick={() => setSealOpen(true)}>
          Site security seal
        </button>
      </p>
      <Modal
        open={sealOpen}
        title="Site security"
        onClose={() => setSealOpen(false)}
        actions={
          <button type="button" className="button" onClick={() => setSealOpen(false)}>
            Close
          </button>
        }
      >
        <p>This site is protected by TLS encryption. Your information is encrypted in transit and at rest.</p>
      </Modal>
    </footer>
  );
}
