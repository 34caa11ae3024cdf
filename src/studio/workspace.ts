/** The analysts' studio's working copy (issue 24): edits to the configuration files of a checkout, kept apart from
 *  the files until they are saved. Each edit is a value at a JSON path of a file; a file's text is its text on disk
 *  with the edits applied by jsonc-parser, which changes only those values and keeps the rest of the file, its key
 *  order and its layout, as a careful person would. The edited files are built as the build builds them, into a copy
 *  of the checkout's configuration, so the preview runs the very schemas and validators a build would make. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import { createTwoFilesPatch } from 'diff';
import { compileAll, ConfigProblems } from '../../scripts/compile-validators';
import type { Problem } from '../../scripts/check-config';

export interface Edit {
  /** A file of the checkout, relative to it: schemas/... or variants/... */
  file: string;
  /** Where in the file's JSON; the value replaces what is there (undefined removes it). */
  path: JSONPath;
  value: unknown;
  /** Inserts into the list at the path's last index (-1: at its end) instead of replacing. */
  insert?: boolean;
}

export interface BuildResult {
  /** Where this build's generated files are (a folder of its own, so each is read afresh). */
  outDir: string;
  /** The configuration's problems, as the build names them; none when it built. */
  problems: Problem[];
}

/** The code the studio runs (the site's rules, its packages), whichever checkout's files it edits. */
const CODE = resolve(import.meta.dirname, '../..');
const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };
/** The analysts' files: the configuration, never code. */
const EDITABLE = /^(schemas|variants)\/[\w./-]+\.json$/;

/** A partner's logo: the one kind of file the studio writes that is not JSON (its checks: src/build/logoFile.ts). */
const LOGO_FILE = /^variants\/[a-z][a-z0-9-]*\/logo\.(svg|png)$/;

export class Workspace {
  private edits: Edit[] = [];
  /** Whole files (a partner's logo), by name. */
  private files = new Map<string, string | Buffer>();
  private readonly copy: string;
  /** Where the builds are made (the preview reads them there). */
  get copyDir(): string {
    return this.copy;
  }
  private builds = 0;
  /** The latest build's folder (the preview's logos are served from there). */
  get latestBuild(): string | null {
    return this.builds ? join(this.copy, `generated-${this.builds}`) : null;
  }

  constructor(readonly root: string) {
    this.copy = mkdtempSync(join(tmpdir(), 'hsa-studio-'));
    // The built validators import the site's own rules (src/domain/formats, this code's) by a relative path.
    symlinkSync(join(CODE, 'src'), join(this.copy, 'src'), 'dir');
    symlinkSync(join(CODE, 'node_modules'), join(this.copy, 'node_modules'), 'dir');
  }

  /** A file name the studio may write: the configuration's folders, no way out of the checkout. */
  static editable(file: string): boolean {
    const clean = normalize(file).split(sep).join('/');
    return clean === file && EDITABLE.test(file) && !file.split('/').includes('..');
  }

  setEdits(edits: Edit[]): void {
    for (const e of edits) if (!Workspace.editable(e.file)) throw new Error(`The studio edits only files of schemas/ and variants/ (not ${e.file}).`);
    this.edits = edits;
  }

  /** Adds or replaces a whole file (a partner's logo) in what will be saved. */
  addFile(file: string, content: string | Buffer): void {
    if (!LOGO_FILE.test(file)) throw new Error(`The studio writes whole files only for a partner's logo (not ${file}).`);
    this.files.set(file, content);
  }

  /** A file of the checkout as it is on disk ('' when it does not exist yet). */
  private diskText(file: string): string {
    return existsSync(join(this.root, file)) ? readFileSync(join(this.root, file), 'utf8') : '';
  }

  /** A file's JSON as the edits make it (an absent file is {}). */
  jsonOf(file: string): unknown {
    return JSON.parse(this.textOf(file, this.diskText(file)));
  }

  /** The files the edits change, each as it is on disk and as it would be saved. */
  changedFiles(): { file: string; before: string; after: string | Buffer }[] {
    const files = [...new Set(this.edits.map((e) => e.file))];
    const added = [...this.files]
      .filter(([file, after]) => !files.includes(file) && !(existsSync(join(this.root, file)) && readFileSync(join(this.root, file)).equals(Buffer.from(after))))
      .map(([file, after]) => ({ file, before: this.diskText(file), after }));
    const edited = files
      .map((file) => {
        const before = this.diskText(file);
        return { file, before, after: this.textOf(file, before) as string | Buffer };
      })
      .filter((f) => f.before !== f.after);
    return [...edited, ...added];
  }

  private textOf(file: string, before: string): string {
    let text = before.trim() === '' ? '{}\n' : before;
    for (const e of this.edits.filter((x) => x.file === file)) text = applyEdits(text, modify(text, e.path, e.value, { formattingOptions: FORMAT, isArrayInsertion: e.insert === true }));
    return text;
  }

  /** What saving would write, as a unified diff per file. */
  diff(): string {
    return this.changedFiles()
      .map(({ file, before, after }) => (file.endsWith('.png') ? `Binary file ${file}: ${before ? 'replaced' : 'added'} (${after.length} bytes)\n` : createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after.toString(), '', '', { context: 3 })))
      .join('');
  }

  /** Builds the checkout's configuration with the edits, as `npm run build` would build it (validators and words). */
  build(): BuildResult {
    for (const folder of ['schemas', 'variants']) {
      rmSync(join(this.copy, folder), { recursive: true, force: true });
      cpSync(join(this.root, folder), join(this.copy, folder), { recursive: true });
    }
    for (const { file, after } of this.changedFiles()) {
      mkdirSync(dirname(join(this.copy, file)), { recursive: true });
      writeFileSync(join(this.copy, file), after);
    }
    const outDir = join(this.copy, `generated-${++this.builds}`);
    try {
      compileAll({ root: this.copy, variantDirs: [join(this.copy, 'variants')], outDir, writeDespiteProblems: true });
      return { outDir, problems: [] };
    } catch (e) {
      if (e instanceof ConfigProblems) return { outDir, problems: e.problems };
      return { outDir, problems: [{ file: '', pointer: '', problem: (e as Error).message.split(this.copy + sep).join(''), fix: 'Undo the last change, or correct what this names' }] };
    } finally {
      // Builds before the last two go: the preview may still be reading the one before this.
      rmSync(join(this.copy, `generated-${this.builds - 2}`), { recursive: true, force: true });
    }
  }

  /** Writes the edited files into the checkout; refused while the configuration has a problem. */
  save(): { saved: string[] } | { problems: Problem[] } {
    const { problems } = this.build();
    if (problems.length) return { problems };
    const changed = this.changedFiles();
    for (const { file, after } of changed) {
      mkdirSync(dirname(join(this.root, file)), { recursive: true });
      writeFileSync(join(this.root, file), after);
    }
    this.edits = [];
    this.files.clear();
    return { saved: changed.map((c) => c.file) };
  }

  close(): void {
    rmSync(this.copy, { recursive: true, force: true });
  }
}
