/** Stage 3: a read-only summary of what was entered, with an Edit link per section. */
import type { ReactNode } from 'react';
import { maskSsnForReview } from '../../domain/ssn';
import { getPath } from '../../engine/paths';

type Data = Record<string, unknown>;
type Row = [label: string, value: string];

const str = (d: Data, path: string): string => {
  const v = getPath(d, path);
  return typeof v === 'string' ? v : '';
};

function Table({ title, rows, onEdit }: { title: string; rows: Row[]; onEdit?: () => void }) {
  const id = `verify-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="summary" aria-labelledby={id}>
      <div className="summary-head">
        <h2 id={id}>{title}</h2>
        {onEdit && (
          <button type="button" className="link-button" onClick={onEdit}>
            Edit<span className="visually-hidden"> {title}</span>
          </button>
        )}
      </div>
      <table>
        <tbody>
          {rows
            .filter(([, v]) => v !== '')
            .map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}

const address = (d: Data, base: string): Row[] => [
  ['Address', str(d, `${base}.line1`)],
  ['City', str(d, `${base}.city`)],
  ['State', str(d, `${base}.state`)],
  ['Zip code', [str(d, `${base}.zip`), str(d, `${base}.zipplus4`)].filter(Boolean).join('-')],
];

export function Verify({ payload: d, onEdit, onNext, actions }: { payload: Data; onEdit: (stepId: string) => void; onNext: () => void; actions: ReactNode }) {
  const ssn = str(d, 'ssn');
  const hasGroup = str(d, 'group.id') !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <Table
        title="Personal Information"
        onEdit={() => onEdit('accountholder')}
        rows={[
          ['First name', str(d, 'firstName')],
          ['Middle initial', str(d, 'middleInitial')],
          ['Last name', str(d, 'lastName')],
          ['Social security number', ssn ? maskSsnForReview(ssn) : ''],
          ['Date of birth', str(d, 'dob')],
          ['Home phone', str(d, 'homePhone')],
          ['Work phone', str(d, 'workPhone')],
          ['Email address', str(d, 'email')],
        ]}
      />
      <Table title="Home Address" onEdit={() => onEdit('accountholder')} rows={address(d, 'homeAddress')} />
      {getPath(d, 'useAltMailingAddress') === true && <Table title="Mailing Address" onEdit={() => onEdit('accountholder')} rows={address(d, 'mailingAddress')} />}
      {(hasGroup || str(d, 'group.coverage')) && (
        <Table
          title="Medical Information (High Deductible Health Plan)"
          onEdit={() => onEdit('accountholder')}
          rows={[
            ['Individual enrollment', hasGroup ? 'Yes' : 'No'],
            ['Group number', str(d, 'group.id')],
            ['Employer name', str(d, 'group.name')],
            ['Coverage', str(d, 'group.coverage') === 'I' ? 'Individual' : 'Family'],
            ['HDHP effective date', str(d, 'group.effectiveDate')],
          ]}
        />
      )}
      {getPath(d, 'requestAdditionalCard') === true && (
        <Table
          title="Additional Cardholder"
          onEdit={() => onEdit('additionalcard')}
          rows={[
            ['First name', str(d, 'additionalCard.firstName')],
            ['Middle initial', str(d, 'additionalCard.middleInitial')],
            ['Last name', str(d, 'additionalCard.lastName')],
          ]}
        />
      )}
      {actions}
    </form>
  );
}
