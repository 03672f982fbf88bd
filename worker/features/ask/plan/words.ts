/**
 * Words a question uses that are also coin names or tickers ("near", "link", "sky", "hype", "one"),
 * and words the planner itself reads. A coin term that is one of them counts only when the member
 * marks it as a coin: "$LINK", "LINK", or "Link" inside a sentence. The grounding check keeps its own
 * lists (worker/lib/grounding/lexicon.ts) for written answers, where case rules differ.
 */
const ENGLISH = `
a about above after again against all almost also always am an and any anything are around as ask at away back bad be
because been before being below best better between big bit both but buy by call can change close come could day did do
does doing done down each early even ever every few find first for from full get give go going gone good got great had
has have he her here high him his hold how i if in into is it its just keep kind know last late least less let like
little long look lot low made make many may me more most move much must my near need new next no not now of off old on
once one only open or other our out over own part past per play put rather real really right run same say see sell
seen set she should show since so some soon still such take tell than that the their them then there these they thing
this those through time to today too top true try turn up us use very want was way we well were what when where which
while who whole why will with within without would year yes yet you your
`;

/** Words of markets and chat that are also tickers or coin names among the top 500. */
const MARKET_WORDS = `
ai alt alts amp ath atl link dot ape apes arc art awe baby ban bat beam beat bio blur bull bear burn cake cash chip coin coins comp cow
dash deep dog dual edge elf etc flare flow fluid form four fun game gas gate genius grass graph hash home hook hot hunt
hype lab lion lit lux mana mask mega met meta metal mon moon move movement night nft oasis prime prove pump quant rain
rave ray real red rekt render request river rose rune safe sand sent siren sky solid sonic spark stable star story sun
super tag tel temple threshold token tokens ton turbo verge vet vision wal wave win zen dusk puff nat open seeker
humanity everything lighter derive plasma kite midnight shuffle comedian succinct nano graph sandbox maple gold silver
`;

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** A coin term equal to one of these needs the member's mark ($, capitals, a capital mid-sentence). */
export const COMMON_WORDS: ReadonlySet<string> = new Set([...words(ENGLISH), ...words(MARKET_WORDS)]);

/** Written in capitals, these still mean what they say, not a coin: "which AI coins", "its ATH", "NFT". */
export const ACRONYMS: ReadonlySet<string> = words(
  "AI ATH ATL NFT NFTS ETF ETFS US USA UK EU USD EUR TVL DEX CEX APY APR ROI DCA FOMO FUD GM CEO SEC UTC OK IMO TA LP DAO IPO CPI FED HODL TLDR FAQ ID PM AM I A",
);

/**
 * Every other word the planner reads or skips in a question: a word outside this list and
 * COMMON_WORDS may be a coin name, so a near miss of one ("etherum") is worth a fuzzy look, and a
 * follow-up made of such words only ("and foo?") is about something the planner does not know.
 */
export const PLANNER_WORDS: ReadonlySet<string> = words(`
  whats hows wheres whos isnt wasnt didnt doesnt arent im ive youre theyre thats lets ok okay please thanks thank hey hi
  hello pls plz u ur r yo guys mate bro lol tho though also plus just only again then now same instead vs versus compare
  compared comparing comparison against relative stack stacks stacked outperform outperformed outperforming underperform
  underperformed beat beating ahead behind gainer gainers loser losers mover movers winner winners performer performers
  performing performed performance perform biggest largest smallest highest lowest greatest worst weakest strongest
  cheapest priciest expensive most least price prices priced pricing worth cost value valued trading traded trade
  trades volume volumes liquidity market markets cap caps mcap marketcap valuation supply circulating circulation
  max total rank ranked ranking ranks position sentiment social socials mood vibe vibes bullish bearish twitter x reddit
  crowd community people saying talking talk talked chatter buzz mentions mention posts discussion discussed trending
  news headlines headline articles article stories story coverage latest updates update happening happened going
  range high highs low lows swing swings volatile volatility peak bottom record ath atl all-time alltime
  hour hours hourly minute minutes min mins day days daily week weeks weekly month months monthly year years yearly
  annual ytd quarter today tonight yesterday morning overnight lately recently recent week's today's yesterday's
  hr hrs h d w m y 1h 24h 7d 30d 1y wk wks mo mos yr yrs past previous last since so far
  up down rise rose risen rising fall fell fallen falling drop dropped dropping dump dumped dumping pump pumped
  pumping gain gained gaining gains lose lost losing loss losses climb climbed climbing surge surged surging jump
  jumped soar soared rally rallied rallying crash crashed crashing tank tanked tanking sink sank slide slid decline
  declined plunge plunged bleed bled bleeding recover recovered recovery bounce bounced moved moves moving movement
  green red flat sideways trend trending percent percentage change changed changes doing done do did does been
  stablecoin stablecoins memecoin memecoins coin coins crypto cryptos cryptocurrency cryptocurrencies token tokens asset assets altcoin altcoins alts project
  projects ones one them they it its their both those these that this each every all any other others which what who
  my mine watchlist watch watched watching list portfolio bags bag holdings follow followed following track tracked
  tracking starred favorites favourites picks own hold
  about tell explain info information overview describe summary summarize what's how's is are was were how much many
  show give list see me us our your you i a an the of in on at to for from by with into over under within during
  and or but not no yes if than as per around about top bottom first
`);
