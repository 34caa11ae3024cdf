/** The Node.js versions the project runs on: package.json's `engines.node`, `^20.19.0 || >=22.12.0`, which is Vite's and
 *  Rolldown's own range (the build needs them). A unit test holds this function and that field together. */
export function nodeSupported(version: string): boolean {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22;
}

/** The one line `npm start` prints on a Node.js it cannot run on. */
export const nodeAdvice = (version: string) =>
  `HSA enrollment needs Node.js 20.19 or later (22.12+ on 22; 24 LTS preferred), and this is Node.js ${version}: install Node.js 24 LTS from https://nodejs.org (or with nvm: nvm install 24) and run npm start again.`;
