import { Link } from "react-router";
import { NEWSROOM_BYLINE } from "#schema/contracts/provenance.ts";
import prose from "#web/components/ui/prose.module.css";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import styles from "./methodology.module.css";

/** /methodology: how the newsroom picks its stories, writes them and checks every figure (linked from every generated article). */
export function MethodologyView() {
  useDocumentTitle("How our articles are made");
  return (
    <article className={styles.page}>
      <h1>How our articles are made</h1>
      <p className={styles.lead}>
        Every Daily Roundup and Trending Analysis is published by the {NEWSROOM_BYLINE}: written automatically from market and social data,
        checked claim by claim against that data, and never published when a check fails.
      </p>
      <div className={prose.prose}>
        <h2>The data</h2>
        <ul>
          <li>
            <strong>Market data</strong> (prices, price changes over 1 hour, 24 hours and 7 days, market cap, trading volume, rank) comes
            from CoinGecko. An article is only written from market data at most 30 minutes old, and shows when its data was taken.
          </li>
          <li>
            <strong>Social data</strong> (Galaxy Score, AltRank, sentiment, posts, interactions, social dominance) comes from LunarCrush.
            When that feed is unavailable, social figures are estimates from the Coinsight sentiment model, estimated from market activity,
            and the article names that model as its social source.
          </li>
          <li>Each article lists its sources and the time of its market data and of its social data.</li>
        </ul>

        <h2>The momentum score</h2>
        <p>
          A Trending Analysis covers the coins with the strongest social momentum in one of three market-cap bands: ranks 1 to 100, 101 to
          300 and 301 to 500. A coin's momentum is the day's change in its Galaxy Score, plus ten points for every halving of its AltRank
          (lower AltRank is better). Stablecoins and wrapped or bridged tokens are left out: their chatter follows the coin they track, not
          the market. Coins without social data are never picked. The three strongest coins of each band are written up; if an article is
          held, the band's next coin takes its place.
        </p>

        <h2>Who writes</h2>
        <p>
          An article's byline says how it was written: <em>AI-written (model name), figures machine-checked</em> when a language model wrote
          it, or <em>Written from data by Coinsight's template writer</em> when it was composed from fixed, reviewed sentence templates.
          Either way, the writer is given only the day's facts, each with an identifier.
        </p>

        <h2>The checks</h2>
        <ul>
          <li>
            The writer never types a number. It cites a fact by its identifier and the site writes the exact figure in its place, so every
            figure a reader sees is one of the facts.
          </li>
          <li>
            Each cited figure is checked against the sentence around it: the coin the sentence names, the measure it names (price, market
            cap, volume, Galaxy Score...), the period it gives (1 hour, 24 hours, 7 days), the direction of its verb ("rose", "fell",
            "posted a gain"...) and the size that verb claims: a coin that fell 66% did not "slip".
          </li>
          <li>
            <strong>Every sentence must have a reading.</strong> The check reads each sentence as one of a closed set of sentence forms, and
            the form says what the sentence claims: which coin or group, which measure, which period, which direction, rank or comparison,
            and which facts it cites. A sentence no form reads is held, whatever its words: "holders are moving their coins" uses plain
            words, but no fact says it, so it is not published. A sentence that cites nothing passes only when it is one of a few listed
            cautions or links between sentences.
          </li>
          <li>
            A claim about the biggest, the first or the leader names its group in the same sentence ("led the day's gainers among the
            tracked coins"), and is checked against that group's ranking.
          </li>
          <li>
            <strong>What the check does not recognise, it holds.</strong> It reads every word of the headline, the summary and the article.
            A word it does not know stops the draft, naming the word, even when it might be harmless: the check never guesses that an
            unfamiliar verb means nothing.
          </li>
          <li>
            Every word that makes a claim must match a fact, whether or not a figure sits beside it. "Fell" needs a fall in the data for
            that coin and period; "bearish" needs a sentiment reading below half; "outperformed" needs the two figures it compares; "the
            largest" or "leads" needs a ranking that puts the coin first; "average" needs the average of the group it names.
          </li>
          <li>
            Any number typed outside a fact, numbers spelled out or left vague ("twelve percent", "a third", "doubled"), and coins that are
            not in the day's data hold the draft.
          </li>
          <li>
            So does language the data cannot support at all: causes ("because", "driven by"), events (listings, partnerships, regulators,
            records), predictions ("will", "could", "likely") and advice ("buy", "consider", "worth a look"). A handful of fixed cautions,
            such as "Sharp moves can reverse quickly", are the only sentences of that kind allowed.
          </li>
          <li>
            A draft that fails goes back to its writer once, with the list of problems. If it fails again it is held for an editor and not
            published. Hostile drafts in many wordings, rerun with every change to the site, make sure each of these checks keeps working.
          </li>
        </ul>

        <h2>A worked example</h2>
        <p>The Daily Roundup's writer sends this sentence, with a fact cited by its identifier where the figure goes:</p>
        <blockquote className="muted">
          Bitcoin fell <code>[bitcoin.change_24h]</code> over the past 24 hours.
        </blockquote>
        <p>The check reads it as one claim and compares each part with the cited fact, "Bitcoin 24-hour price change: -1.18%":</p>
        <dl className="reading-example">
          <dt>Coin</dt>
          <dd>Bitcoin: the fact is Bitcoin's</dd>
          <dt>Measure and period</dt>
          <dd>price change over 24 hours: the fact's own</dd>
          <dt>Direction</dt>
          <dd>"fell", down: the fact is -1.18%, and "fell" claims no size ("plunged" would need 3% or more)</dd>
        </dl>
        <p>
          Every part agrees, so the site writes the figure in and publishes: "Bitcoin fell 1.18% over the past 24 hours." Had the writer
          written "Bitcoin rose", or cited Ethereum's change, or added "as traders took profits" (a cause no fact shows), the sentence would
          have been held, and an editor would see it with the reason. Editors see every sentence's reading beside the article.
        </p>

        <h2>What the articles are not</h2>
        <p>
          They describe data; they do not explain causes the data does not show, and they are not investment advice. Crypto assets are
          volatile and you can lose money. See our <Link to="/terms">terms</Link> for more.
        </p>
      </div>
    </article>
  );
}
