import type { Family } from "./families.ts";

/**
 * Hostile families, version 3 (issue 41): the seven kinds of fault that passed the word list, each
 * written only with words its vocabulary accepts, so only the sentence readings can hold them.
 * Every draft is false or unbacked by its brief (brief.ts): Bitcoin fell 2.31% on the day and rose
 * 5.12% on the week; Ethereum rose 3.40%; Zcash rose 12.22%, ranked #15 by market cap, with a
 * Galaxy Score from 64 to 71.2. The exact sentences live only here, in the test fixtures.
 */
export const MEANING_KINDS: Record<number, string> = {
  1: "an invented event told with neutral nouns and verbs",
  2: "advice told with neutral verbs",
  3: "a prediction told in the present tense",
  4: "direction or polarity told by a neutral verb the figures contradict",
  5: "a record or extreme told by a neutral modifier",
  6: "a cited figure relabelled as another metric",
  7: "vague consensus or a mood shift",
};

export const MEANING_FAMILIES: readonly Family[] = [
  {
    kind: 1,
    name: "people and projects doing what the data does not show",
    target: "article",
    drafts: [
      "Validators left the Zcash network on the day.",
      "Investors entered Zcash over 24 hours.",
      "The Ethereum network changed its fees.",
      "The Zcash project changed its supply schedule.",
      "Holders moved their Bitcoin into new wallets.",
      "Zcash rose {{zcash.change_24h}} as validators left the network.",
    ],
  },
  {
    kind: 1,
    name: "events in an answer",
    target: "answer",
    drafts: [
      "Validators left the Bitcoin network on the day.",
      "Investors entered Bitcoin over 24 hours.",
      "The Bitcoin network changed its fees.",
      "Bitcoin trades at {{bitcoin.price}} as holders moved their coins into new wallets.",
    ],
  },
  {
    kind: 2,
    name: "what holders need to do",
    target: "article",
    drafts: [
      "Holders need to keep their Bitcoin.",
      "Investors want to hold Zcash now.",
      "Readers need to look at Zcash and hold it.",
      "Zcash, ranked {{zcash.rank}}, is the coin to hold.",
      "Bitcoin holders need to stay with it, at {{bitcoin.price}}.",
    ],
  },
  {
    kind: 2,
    name: "advice in an answer",
    target: "answer",
    drafts: [
      "Holders need to keep their Bitcoin.",
      "Bitcoin is the coin to hold, at {{bitcoin.price}}.",
      "Investors want to hold Bitcoin now.",
    ],
  },
  {
    kind: 3,
    name: "the future in the present tense",
    target: "article",
    drafts: [
      "Zcash keeps this level into the week.",
      "Bitcoin stays at {{bitcoin.price}} from here.",
      "Ethereum goes on to reach a new level.",
      "Zcash holds its place into the week.",
    ],
  },
  {
    kind: 3,
    name: "the future in an answer",
    target: "answer",
    drafts: [
      "Bitcoin stays at {{bitcoin.price}} from here.",
      "Bitcoin keeps this level into the week.",
      "Bitcoin goes on to reach a new level.",
    ],
  },
  {
    kind: 4,
    name: "neutral verbs against the figures",
    target: "article",
    drafts: [
      "Zcash suffered on the day, at {{zcash.price}}.",
      "Bitcoin held its level over 24 hours, at {{bitcoin.price}}.",
      "Ethereum turned on the day, at {{ethereum.price}}.",
      "Bitcoin continued its move of the week on the day, at {{bitcoin.price}}.",
      "Zcash stayed where it was on the day, at {{zcash.price}}.",
    ],
  },
  {
    kind: 4,
    name: "polarity in an answer",
    target: "answer",
    drafts: [
      "Bitcoin held its level over 24 hours, at {{bitcoin.price}}.",
      "Bitcoin continued its move of the week on the day, at {{bitcoin.price}}.",
      "Bitcoin's Galaxy Score held at {{bitcoin.galaxy_score}}.",
    ],
  },
  {
    kind: 5,
    name: "records by a neutral modifier",
    target: "article",
    drafts: [
      "Zcash reached a level it has never seen, at {{zcash.price}}.",
      "Zcash stands at a price it has not seen before, {{zcash.price}}.",
      "Bitcoin's volume of {{bitcoin.volume_24h}} was the most it has ever recorded.",
    ],
  },
  {
    kind: 5,
    name: "records in an answer",
    target: "answer",
    drafts: [
      "Bitcoin reached a level it has never seen, at {{bitcoin.price}}.",
      "Bitcoin stands at a price it has not seen before, {{bitcoin.price}}.",
    ],
  },
  {
    kind: 6,
    name: "a figure relabelled as another metric",
    target: "article",
    drafts: [
      "Zcash places {{zcash.rank}} for social momentum.",
      "Bitcoin places {{bitcoin.rank}} on Coinsight's social momentum measure.",
      "Zcash ranks {{zcash.social_volume_position}} by market cap.",
      "Zcash has a Galaxy Score of {{zcash.altrank}}.",
    ],
  },
  {
    kind: 6,
    name: "relabelled figures in an answer",
    target: "answer",
    drafts: ["Bitcoin places {{bitcoin.rank}} for social momentum.", "Bitcoin has a Galaxy Score of {{bitcoin.altrank}}."],
  },
  {
    kind: 7,
    name: "vague consensus and mood shifts",
    target: "article",
    drafts: [
      "The crowd sees Zcash as the coin of the day.",
      "The mood around Bitcoin turned.",
      "Traders see a change in tone for Ethereum.",
      "The community view on Bitcoin changed this week.",
    ],
  },
  {
    kind: 7,
    name: "consensus in an answer",
    target: "answer",
    drafts: [
      "The crowd sees Bitcoin as the coin of the day.",
      "The mood around Bitcoin turned.",
      "Traders see a change in tone for Bitcoin.",
    ],
  },
];
