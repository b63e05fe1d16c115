/** The search bench's filter combinations: the quick chips and common filters, with rare and non-matching terms. */
export const searchCombos: Record<string, string> = {
  default: "",
  playToday: `dateFrom=${new Date().toISOString().slice(0, 10)}&dateTo=${new Date().toISOString().slice(0, 10)}`,
  fewSeats: "fewSpots=true",
  newCampaigns: "tags=new-campaign",
  learnToPlay: "tags=beginner-friendly",
  freeGames: "freeOnly=true",
  oneShots: "tags=one-shot",
  gameAndGenre: "game=Pathfinder&genre=Fantasy",
  text: "searchTerm=faro",
  priceRange: "currency=MXN&priceMin=10000&priceMax=30000",
  page5: "page=5",
  // A title that occurs once, and terms nothing matches (long and short): no index walk may depend on matches.
  rareTerm: `searchTerm=${encodeURIComponent("cripta #77772")}`,
  noMatch: "searchTerm=zzqxv",
  noMatchShort: "searchTerm=zq",
};
