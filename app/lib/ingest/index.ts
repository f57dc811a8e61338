/** The ingest capability's browser-safe face: what the Edit details form shares with the server. */
export {
  DETAILS_AUTHORS_MAX,
  DETAILS_TITLE_MAX,
  DETAILS_YEAR_MIN,
  detailsYearMax,
  joinAuthorList,
  splitAuthorList,
  validateDetails,
  type DetailsResult,
  type EditDetailsReply,
  type DocumentDetails,
} from "./details";
