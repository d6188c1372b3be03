import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';

/** A search of more words than this is cut: each word is one more index probe. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Rebuilds a ticket's full-text documents from its title, description and the text of its comments that are not
 * deleted ('simple' configuration: no stemming, so that unit names and part numbers match as typed): `search` with
 * every comment, `search_external` with EXTERNAL ones only, which is what an external user's search reads (else
 * which tickets match a word would tell them what INTERNAL comments say). Call it in the write's transaction after
 * any change of those texts or of a comment's visibility (the comments area calls it after each comment write).
 */
export async function refreshTicketSearch(tx: DbOrTx, ticketId: number): Promise<void> {
  await tx.execute(sql`
    update tickets t
       set search = to_tsvector('simple', t.title || ' ' || t.description || ' ' || coalesce((
             select string_agg(c.comment, ' ' order by c.comment_id)
               from ticket_comments c
              where c.ticket_id = t.ticket_id and not c.is_deleted), '')),
           search_external = to_tsvector('simple', t.title || ' ' || t.description || ' ' || coalesce((
             select string_agg(c.comment, ' ' order by c.comment_id)
               from ticket_comments c
              where c.ticket_id = t.ticket_id and not c.is_deleted and c.visibility = 'EXTERNAL'), ''))
     where t.ticket_id = ${ticketId}`);
}

interface SearchTerm {
  word: string;
  negated: boolean;
}

/**
 * Reads a search box the way web search engines do: words separated by anything that is not a letter or digit,
 * all required, a leading '-' excludes a word. Every other character is dropped, so what reaches to_tsquery is
 * only letters, digits and the operators written here: nothing a user types can change the query's syntax.
 */
export function parseSearchTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const token of text.toLowerCase().split(/\s+/)) {
    const negated = token.startsWith('-');
    // A hyphenated or dotted token ('an-crah-01', 'r-410a') is its parts, as the 'simple' parser indexes them.
    const words = token.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
    for (const word of words) {
      if (!terms.some((term) => term.word === word && term.negated === negated))
        terms.push({ word, negated });
    }
  }
  return terms.slice(0, MAX_SEARCH_WORDS);
}

/**
 * Words shorter than this match whole words only: as a prefix, 'pn' of 'PN-4242' matched every word starting so
 * in two million comments, and the index spent 20 ms gathering them before the rarer '4242' narrowed anything.
 */
const MIN_PREFIX_LENGTH = 3;

/**
 * The to_tsquery text of a search: each word matches the start of an indexed word ('compr' finds 'compressor'),
 * a word of one or two characters the whole word. null when nothing searchable is left (no words, or only
 * excluded ones: a list of "everything but x" is not a search anyone means, and would scan every ticket).
 */
export function ticketSearchQuery(text: string): string | null {
  const terms = parseSearchTerms(text);
  if (!terms.some((term) => !term.negated)) return null;
  return terms
    .map((term) => {
      const prefix = term.word.length >= MIN_PREFIX_LENGTH ? ':*' : '';
      return `${term.negated ? '!' : ''}${term.word}${prefix}`;
    })
    .join(' & ');
}

/**
 * The condition of a search on the tickets' document (for an external user, the one without INTERNAL comments), or
 * undefined when the text has no words.
 */
export function ticketSearchCondition(text: string | undefined, externalOnly = false): SQL | undefined {
  const query = text === undefined ? null : ticketSearchQuery(text);
  if (query === null) return undefined;
  const document = externalOnly ? tickets.searchExternal : tickets.search;
  return sql`${document} @@ to_tsquery('simple', ${query})`;
}
