/**
 * The project's own store as an adapter: one protocol line in, one answer out. The command-line
 * adapter (conformance/adapters/own-store.ts) wraps it in standard input and output; the tests call it
 * directly. `rules` are the page's rule switches, so each can be switched off to test the suite itself.
 */
import { ContextStore } from '../store/store';
import { ContextCache } from '../store/context';
import { SemanticCache } from '../store/semanticCache';
import { makeAgent, makePrincipal } from '../store/entities';
import { ScopeError } from '../store/errors';
import { ALL_RULES, type Rules } from '../store/rules';

type Json = Record<string, unknown>;
export type AnswerJson = { ok: true } | { error: string } | { items: string[]; messages: unknown[] };

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const principalOf = (value: unknown) => {
  if (!strings(value) || value.length !== 3)
    throw new ScopeError('"as" must be [user, task, agent]', 'invalidIdentifier');
  return makePrincipal(value[0], value[1], value[2]);
};
const text = (value: unknown, field: string): string => {
  if (typeof value !== 'string') throw new ScopeError(`${field} must be a string`, 'blankText');
  return value;
};

/** A fresh adapter; `handle` answers one parsed line (reset starts a fresh store, end answers ok). */
export function ownAdapter(rules: Rules = ALL_RULES): { handle(line: Json): AnswerJson } {
  let store: ContextStore | null = null;
  let cache: ContextCache | SemanticCache | null = null;
  const apply = (line: Json): AnswerJson => {
    if (line.op === 'reset') {
      const agents = (Array.isArray(line.agents) ? line.agents : []) as Json[];
      store = new ContextStore(
        agents.map((a) =>
          makeAgent(a.name, String(a.role), strings(a.tools) ? a.tools : [], strings(a.reads) ? a.reads : []),
        ),
        rules,
      );
      const semantic = line.semanticCache as Json | undefined;
      cache =
        typeof semantic?.threshold === 'number'
          ? new SemanticCache(store, { threshold: semantic.threshold })
          : new ContextCache(store);
      for (const item of (Array.isArray(line.configuration) ? line.configuration : []) as Json[])
        store.configure(text(item.id, 'id'), text(item.text, 'text'));
      return { ok: true };
    }
    if (line.op === 'end') return { ok: true };
    if (store === null || cache === null) return { error: 'no reset yet' };
    switch (line.op) {
      case 'write': {
        const userId = line.user_id === undefined ? undefined : text(line.user_id, 'user_id');
        store.write(
          principalOf(line.as),
          text(line.scope, 'scope'),
          text(line.id, 'id'),
          text(line.text, 'text'),
          userId,
        );
        return { ok: true };
      }
      case 'handoff':
        if (!strings(line.items)) return { error: 'items must be a list of IDs' };
        store.handoff(principalOf(line.as), text(line.to, 'to'), line.items, text(line.brief, 'brief'));
        return { ok: true };
      case 'close_task':
        store.closeTask(text(line.user, 'user'), text(line.task, 'task'));
        return { ok: true };
      case 'import':
        store.importItem(text(line.id, 'id'), text(line.text, 'text'));
        return { ok: true };
      case 'forget_user':
        store.forgetUser(text(line.user, 'user'));
        return { ok: true };
      case 'query': {
        const context = cache.lookup(principalOf(line.as), text(line.current, 'current')).entry.context;
        return { items: context.item_ids, messages: context.messages };
      }
      default:
        return { error: `unknown op ${JSON.stringify(line.op)}` };
    }
  };
  return {
    handle(line) {
      try {
        return apply(line);
      } catch (error) {
        if (error instanceof ScopeError) return { error: error.message };
        throw error;
      }
    },
  };
}
