// The domain's derivations the store is opened with: the search document of an article and the
// derived catalog rows of a set of articles. Every caller of openStore hands in this one object.
import type { ArticleDerivations } from '../store/derivations.js'
import { deriveCatalogState } from './catalog-rebuild.js'
import { searchDocument } from './search-document.js'

export const STORE_DERIVATIONS: ArticleDerivations = { searchDocument, catalogState: deriveCatalogState }
