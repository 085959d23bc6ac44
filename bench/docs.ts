/**
 * What a version's documentation costs to make, for real profiles of the corpus: the page and the
 * Markdown from the document (every diagram laid out), and the example statements made by the
 * simulator, in CPU milliseconds of this process (other work on a shared machine counts less
 * against them). Prints figures only.
 *
 *   node --import tsx bench/docs.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedExamples } from '../xapi/docs/examples.js';
import { profileDocs, renderDocsHtml, renderDocsMarkdown } from '../xapi/docs/index.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = resolve(repoRoot, '../shared/corpus/authored');
const files = [
  'video/v1.0.3/video.jsonld',
  'cmi5/v1.0/cmi5.jsonld',
  'scorm/v1.0/scorm.jsonld',
  'tincan/tincan.jsonld',
  'dod-isd/v1.0/dod-isd.jsonld',
];

const cpuMs = (work: () => void) => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

if (!existsSync(corpus)) {
  console.log('The shared corpus is not on this machine: nothing to measure.');
} else {
  console.log(
    '| Profile | Items | Page and Markdown (ms) | HTML (KB) | Examples (ms, templates) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const file of files) {
    const document: unknown = JSON.parse(readFileSync(resolve(corpus, file), 'utf8'));
    let size = 0;
    let items = 0;
    const make = () => {
      const docs = profileDocs(document);
      items =
        docs.conceptGroups.reduce((n, g) => n + g.items.length, 0) +
        docs.templates.length +
        docs.patterns.length;
      size = renderDocsHtml(docs).length;
      renderDocsMarkdown(docs);
    };
    for (let i = 0; i < 3; i++) make();
    const runs = 10;
    const pages =
      cpuMs(() => {
        for (let i = 0; i < runs; i++) make();
      }) / runs;
    let examples = 0;
    const examplesMs = cpuMs(() => {
      examples = generatedExamples(document).size;
    });
    console.log(
      `| ${file} | ${items} | ${pages.toFixed(1)} | ${(size / 1024).toFixed(0)} | ${examplesMs.toFixed(0)} (${examples}) |`,
    );
  }
}
