/** Brand, title and the Step 1 to Step 4 progress (all done at stage 5). */
import { variant } from '../variant';

export function Header({ stepIndex }: { stepIndex?: number }) {
  const progress = variant.steps.filter((s) => s.kind !== 'submit');
  const finished = stepIndex !== undefined && variant.steps[stepIndex]?.kind === 'submit';
  return (
    <header className="site-header">
      <div className="brand">
        <span className="logo" aria-hidden="true">
          {variant.brand.logoText}
        </span>
        <p className="site-title">{variant.brand.title}</p>
      </div>
      {stepIndex !== undefined && (
        <nav aria-label="Progress">
          <ol className="progress">
            {progress.map((s, i) => {
              const state = finished || i < stepIndex ? 'done' : i === stepIndex ? 'current' : 'todo';
              return (
                <li key={s.id} className={`progress-step ${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                  <span>Step {i + 1}</span>
                  {state === 'done' && <span className="visually-hidden"> (completed)</span>}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
    </header>
  );
}
