/**
 * The words that carry no claim: grammar, and the neutral nouns, verbs and modifiers of plain market
 * writing. A word belongs here only when no sentence can use it to say that something rose, fell,
 * beat, led, caused, will happen or should be done; such words have their own class in claims.ts,
 * and anything in neither list is held by name. Grow this list only with words of that kind.
 */

/** Articles, pronouns, prepositions, conjunctions, auxiliaries and negation. */
export const FUNCTION_WORDS = `
a, an, the, this, that, these, those, it, its, it's, itself, they, them, their, theirs, themselves, there, there's, here,
he, she, his, her, we, our, us, you, your, i, me, my, one, ones, which, who, whom, whose, what, whatever, where, when,
while, whereas, why, how, whether, if, then, so, as, since, until, though, although, but, and, or, nor, yet, also, too,
either, neither, both, each, every, all, any, anything, some, something, none, no, not, nothing, only, just, even, still,
already, again, instead, rather, quite, very, much, such, other, others, another, own, of, in, on, at, by, for, with,
without, within, from, to, into, onto, over, under, between, among, amongst, across, through, throughout, during, after,
before, around, about, near, per, via, inside, outside, beyond, beside, besides, toward, towards, upon, out, is, are, was, were, be, been, being, am, has,
have, had, having, do, does, did, doing, done, isn't, aren't, wasn't, weren't, doesn't, don't, didn't, hasn't, haven't,
hadn't, cannot, can't, couldn't, nor, thus, hence, therefore, meanwhile, however, overall, also, likewise, moreover,
furthermore, besides, otherwise, namely, notably, additionally, elsewhere, well, etc, so-called, whole, entire, else, once, 
`;

/** Neutral nouns (singular specs: plurals are added; "~" marks a noun without one). */
export const NOUNS = `
market, crypto, ~cryptocurrency, cryptocurrencies, coin, token, asset, ~digital asset, price, value, cap, capitalisation, trader, ~buzz,
capitalization, volume, trading, trade, holder, investor, participant, reader, user, ~data, datum, figure, reading, measure,
metric, score, rank, ranking, position, place, share, dominance, ~sentiment, mood, tone, attention, interest, conversation,
discussion, ~chatter, activity, engagement, interaction, post, mention, ~social media, social platforms, social media platforms, day, hour, week, session,
period, window, time, snapshot, signal, picture, view, context, move, movement, change, swing, performance, mover, range,
~volatility, deviation, ~history, close, analysis/analyses, article, roundup, summary, overview, section, heading, site,
newsroom, estimate, model, source, ecosystem, network, blockchain, chain, protocol, project, layer, category/categories,
sector, segment, band, bracket, group, peer, rest, side, direction, trend, ~momentum, supply, ~circulation,
stablecoin, ~meme, meme coin, ~privacy, ~payments, payment, oracle, ~defi, ~ai, ~lending, ~staking, contract,
smart-contract platform, smart contract, altcoin, ledger, majors, reminder, question, answer, term, word, way, part,
level, point, percentage, fact, figure, list, table, order, chart, line, step, glance, eye, lens, scale, blend, mix, combination,
indicator, gauge, yardstick, basis, sign, reason, cause, explanation, story, look, note, detail,
kind, type, sort, example, case, matter, thing, end, start, beginning, middle, half-hour, edge, tally, count, number,
amount, total, sum, portion, fraction, proportion, percent, unit, dollar, usd, denomination, label, name, ticker, symbol,
identifier, link, date, timestamp, utc, update, refresh, feed, exchange token, exchange protocol, lending protocol,
base-layer blockchain, interoperability network, payments network, oracle network, privacy coin, defi token,
ai-focused project, liquid-staking token, commodity-backed token, wrapped token, currency, money, cash, dollar-pegged,
reserve, peg, ~bitcoin, ~ether, satoshi, wallet, address, transaction, fee, block, miner, validator, node, community,
crowd, audience, topic, theme, narrative, headline, byline, author, writer, editor, assistant, plan, member, guest,
account, watchlist, alert, newsletter, guide, glossary, basics, method, methodology, rule, check, claim, path, bit,
realised volatility, realized volatility, standard deviation, daily close, closing price, outcome,
probability, confidence, horizon, space, industry, economy, world, people, attention span, style, character, nature,
role, purpose, use, function, feature, design, supply schedule, issuance, emission, cap table, market value,
size, breadth, scope, spread, gap, distance, difference, ratio, multiple, proportion, mixture, portion, slice,
`;

/** Neutral verbs (base specs: third person, past and -ing forms are added; "a/b/c/d" lists irregular forms). */
export const VERBS = `
trade, stand/stands/stood/standing, sit/sits/sat/sitting, stay, remain, come/comes/came/coming, reach, end, finish, close,
open, start, move, show/shows/showed/showing/shown, say/says/said/saying, describe, mean/means/meant/meaning, reflect,
indicate, measure, combine, blend, place, account, make/makes/made/making, represent, draw/draws/drew/drawing/drawn,
attract, receive, see/sees/saw/seeing/seen, record, post, register, log+, print, total, amount, count, extend, continue,
keep/keeps/kept/keeping, turn, look, seem, appear, leave/leaves/left/leaving, put/puts/putting, give/gives/gave/giving/given,
take/takes/took/taking/taken, get/gets/got/getting/gotten, go/goes/went/going/gone, become/becomes/became/becoming, rest,
hover, settle, hang/hangs/hung/hanging, fluctuate, range, vary, explain, guess, know/knows/knew/knowing/known,
tell/tells/told/telling, note, sum, compute, calculate, derive, report, publish, write/writes/wrote/writing/written,
read/reads/reading, cover, include, exclude, list, name, cite, quote, label, measure, use, work, build/builds/built/building,
run/runs/ran/running, serve, base, define, summarise, summarize, mark, set/sets/setting, carry, hold/holds/held/holding,
reverse, resolve, happen, occur, arrive, blend, mix, sit, point, suggest, capture, span, cross, enter, exit, pass,
sample, check, confirm, describe, represent, express, stay, last, span, differ, belong, refer, relate, depend,
matter, count, apply, meet/meets/met/meeting, share, lie/lies/lay/lying, find/finds/found/finding, want, need,
try/tries/tried/trying, ask, answer, visit, view, click, sign, subscribe, update, refresh, change, reflect, restate,
treat, decide, suffer, lean, track, file, imply, reveal, concern, involve,
`;

/** Neutral modifiers: adjectives and adverbs that do not say how big, how good or which way. */
export const MODIFIERS = `
social, digital, daily, recent, recently, latest, newest, enough, evenly, current, currently, previous, previously, prior, earlier, later, same,
individual, broad, broadly, general, generally, single, past, last, entire, total, combined, overall, available, reported,
tracked, listed, named, known, public, private, official, main, major, minor, key, core, central, basic, simple, plain,
clear, clearly, direct, directly, exact, exactly, precise, precisely, about, roughly, approximately, around, nearly,
almost, close, closely, respectively, together, alone, apart, separately, similarly, equally, partly, largely, mostly, mainly,
primarily, chiefly, typically, usually, often, sometimes, occasionally, rarely, always, never, ever, now, then,
initially, finally, lastly, so, hence, still, yet, also, both, further, additional, extra,
new, fresh, own, open, live, real, actual, actually, effectively, relatively, comparatively, fairly, somewhat,
more or less, whole, wide, overall, underlying, native, decentralised, decentralized,
centralised, centralized, on-chain, off-chain, cross-chain, fungible, non-fungible, open-source, proof-of-stake,
proof-of-work, layer-1, layer-2, base-layer, dollar-denominated, usd-denominated, us, american, global, worldwide,
online, onchain, crypto-native, fixed, maximum, minimum, max, min, circulating, outstanding,
statistical, statistically, historical, historically, realised, realized, annualised, annualized, implied, measured,
estimated, modelled, modeled, replayed, recorded, demo, offline, cited, checked, machine-checked, written, ai-written,
human-written, edited, sourced, verified, plain, neutral, factual, descriptive, informational, educational, automated,
automatic, manual, scheduled, standard, common, known, unknown, unreported, missing,
necessary, unclear, clear, obvious, visible, specific, particular,
different, distinct, similar, comparable, equivalent, respective, corresponding, relevant, related, separate,
at once, in turn, in all, in total, in short, in brief, in sum, in other words, for example, for instance,
for context, for reference, at the same time, on the other hand, by contrast, in contrast, even so, all the same, that said,
as such, as well, as of, right now, at the moment, at present, taken together, as a whole, on the day, on its own, on their own, in step, by itself, by themselves, of its own,
`;

/** Phrases of the site's own fixed wording. */
export const PHRASES = `
investment advice, financial advice, not investment advice, trading advice, trending, trending analysis, trending coins,
daily crypto roundup, crypto market roundup, market roundup, social momentum measure, the newsroom's social data,
coinsight sentiment model, sentiment model, price history, daily price history, as of, data time, the figures, the site,
`;

/** Names the site uses that are not coins. */
export const NAMES = `
coinsight, coingecko, lunarcrush, galaxy, altrank, markdown, utc, usd, x, twitter, reddit, youtube, telegram, discord,
google, ask coinsight, crypto 101, daily roundup, trending analysis, bear invaders, coinsight's,
`;
