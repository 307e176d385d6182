// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routePages } from './route-pages.ts';
import { routePreloads } from './route-preload.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

function chunk(
  fileName: string,
  options: { entry?: boolean; module?: string; imports?: string[]; css?: string[] },
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: options.entry ?? false,
    facadeModuleId: options.module ? path.join(root, options.module) : null,
    imports: options.imports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []) },
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', { entry: true, imports: ['assets/react-1.js'], css: ['assets/index-1.css'] }),
    chunk('assets/react-1.js', {}),
    chunk('assets/zod-1.js', {}),
    chunk('assets/Layout-1.js', {
      module: 'src/Layout.tsx',
      imports: ['assets/react-1.js'],
      css: ['assets/Layout-1.css'],
    }),
    chunk('assets/Start-1.js', {
      module: 'src/Start.tsx',
      imports: ['assets/react-1.js', 'assets/shared-1.js'],
      css: ['assets/Layout-1.css'],
    }),
    chunk('assets/shared-1.js', { imports: ['assets/zod-1.js'], css: ['assets/shared-1.css'] }),
  ].map((c) => [c.fileName, c]),
);

describe('routePreloads', () => {
  it("names each route's page chunks, their static imports and CSS, without the entry's own files", () => {
    const { routes } = routePreloads(
      bundle,
      { '': ['src/Start.tsx'], home: ['src/Layout.tsx', 'src/Start.tsx'] },
      root,
    );
    expect(routes).toEqual([
      {
        path: '',
        files: [
          'assets/Start-1.js',
          'assets/shared-1.js',
          'assets/zod-1.js',
          'assets/Layout-1.css',
          'assets/shared-1.css',
        ],
      },
      {
        path: 'home',
        files: [
          'assets/Layout-1.js',
          'assets/Start-1.js',
          'assets/shared-1.js',
          'assets/zod-1.js',
          'assets/Layout-1.css',
          'assets/shared-1.css',
        ],
      },
    ]);
  });

  it('refuses a page module without a chunk of its own', () => {
    expect(() => routePreloads(bundle, { gone: ['src/Gone.tsx'] }, root)).toThrow(/src\/Gone\.tsx/);
  });
});

describe('routePages', () => {
  it('names every lazy page of routes.tsx, and only files that exist', () => {
    const routes = fs.readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8');
    const lazyPages = [...routes.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map(
      (m) => `src/${m[1]}.tsx`,
    );
    expect(lazyPages.length).toBeGreaterThan(10);
    const named = new Set(Object.values(routePages('headshots')).flat());
    expect([...named].sort()).toEqual([...new Set(lazyPages)].sort());
    for (const module of named) expect(fs.existsSync(path.join(root, module))).toBe(true);
  });
});
