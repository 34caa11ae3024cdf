/** Brand, title, the language switch and the Step 1 to Step 4 progress (all done at stage 5). */
import { useWords, useVariant } from '../words';
import { fill } from '../../engine/fill';
import { LanguageSwitch } from './LanguageSwitch';

export function Header({ stepIndex }: { stepIndex?: number }) {
  const { text } = useWords();
  const variant = useVariant();
  const progress = variant.steps.filter((s) => s.kind !== 'submit');
  const finished = stepIndex !== undefined && variant.steps[stepIndex]?.kind === 'submit';
  return (
    <header className="site-header">
      <div className="brand">
        {variant.brand.logo ? (
          <img className="logo" src={variant.brand.logo} alt={text.site.logo} width={variant.brand.logoSize?.width} height={variant.brand.logoSize?.height} />
        ) : (
          <span className="logo" aria-hidden="true">
            {text.site.logo}
          </span>
        )}
        <p className="site-title">{text.site.title}</p>
        <LanguageSwitch />
      </div>
      {stepIndex !== undefined && (
        <nav aria-label={text.site.progress}>
          <ol className="progress">
            {progress.map((s, i) => {
              const state = finished || i < stepIndex ? 'done' : i === stepIndex ? 'current' : 'todo';
              return (
                <li key={s.id} className={`progress-step ${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                  <span>{fill(text.site.progressStep, { number: i + 1 })}</span>
                  {state === 'done' && <span className="visually-hidden"> {text.site.completed}</span>}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
    </header>
  );
}
