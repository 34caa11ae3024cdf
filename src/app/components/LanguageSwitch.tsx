/** The language switch in the header: each other language by its own name, as a link to this page in it (it works
 *  without scripts too). A switch redraws the page in place, so nothing entered is lost; the address carries the
 *  language (a link opens the site in it), and the session keeps it. */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LANGUAGE_PARAM, languageNames, languages, useLanguage } from '../words';

export function LanguageSwitch() {
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const shown = params.get(LANGUAGE_PARAM);
  useEffect(() => {
    const wanted = language === languages[0] ? null : language;
    if (shown === wanted) return;
    setParams(
      (p) => {
        if (wanted) p.set(LANGUAGE_PARAM, wanted);
        else p.delete(LANGUAGE_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [language, shown, setParams]);
  return (
    <ul className="languages">
      {languages
        .filter((l) => l !== language)
        .map((l) => {
          const next = new URLSearchParams(params);
          next.set(LANGUAGE_PARAM, l);
          return (
            <li key={l}>
              <a
                href={`?${next.toString()}`}
                lang={l}
                hrefLang={l}
                onClick={(e) => {
                  e.preventDefault();
                  void import('../loadLanguage').then((m) => m.chooseLanguage(l));
                }}
              >
                {languageNames[l]}
              </a>
            </li>
          );
        })}
    </ul>
  );
}
