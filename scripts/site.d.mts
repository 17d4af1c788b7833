/** Types of site.mjs, for the TypeScript scripts and playwright.config.ts. */
export declare const CHROMIUM_ARGS: readonly string[];
export declare function chromiumPath(variable?: string): string;
export declare function buildSite(outDir: string, logLevel?: 'error' | 'warn' | 'info'): void;
export declare function serveSite(outDir: string, port: number): Promise<{ url: string; stop(): void }>;
