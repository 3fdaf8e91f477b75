// Word lists for naming entities. The English model tags proper nouns but not what they name, so people, places
// and organisations are told apart by these lists and by the shape of the name (e.g. an "… Partners" suffix).
// Kept as space-separated strings: small in the bundle, easy to extend.

const set = (words: string) => new Set(words.trim().split(/\s+/));
const phrases = (list: string) => new Set(list.split("|").map((p) => p.trim().toLowerCase()));

/** Common given names across the languages and regions of Verbatim's users (lower case). */
export const GIVEN_NAMES = set(`
aaron abby abdul abdullah abigail adam adaeze adebayo aditi aditya adrian agnes ahmad ahmed aidan aisha akira alan
alba albert alejandro alex alexa alexander alexandra alexis alfie ali alice alicia alina alison amanda amara amber
amelia amina amir amit amy ana anders andrea andreas andrew andy angela angelica anil anita anja ann anna anne anneli
annika anthony antoine anton antonio anya arjun arne arthur arvid asha astrid ayesha ayodele barbara beatriz ben
benjamin bernard beth bianca bilal bill bjorn björn bob brandon brian bruno camila carl carla carlos carmen caroline
carolina catherine cecilia celine charles charlie charlotte chen chidi chloe chris christian christina christine
christopher claire clara claudia colin connor daniel daniela david deborah deepak denise dennis diana diego dimitri
dina dmitri dominic donald dong dorothy douglas dylan ebba edward elena eli elias elif elin elisa elizabeth ella ellen
elsa emil emilia emily emma emre enrique eric erik erika esther ethan eva evelyn fahad fatima felix femi fernando
filip finn fiona florian francesca francesco francis frank freya frida gabriel gabriela gary george gerald gina
giulia giuseppe grace greg gregory gustav hanna hannah hans harper harry hassan heather hector heidi helen helena
henrik henry hiroshi hugo ian ibrahim ida ines ingrid irene isaac isabel isabella ivan jack jacob jake james jamal
jan jane janet jasmine jason javier jay jean jennifer jenny jens jeremy jessica jesus jian jin joan joanna joe johan
johanna john jonas jonathan jordan jorge jose josef joseph josh joshua juan julia julian julie jun justin kai kamal
karen karin karl kate katherine kathryn katie kavya kenji kevin khalid kim kofi kumar kwame kyle lara lars laura
lauren lea leah lena leo leon leona liam lily lina linda lisa liu lucas lucia lucy luis luka lukas magnus maja malik
mandy manuel marco marcus margaret maria mariam marie marina mario mark markus marta martin mary maryam mateo matilda
matt matthew max maya mehmet mei melissa mia michael michelle miguel mikael mike milan min mohamed mohammed monica
mustafa nadia naomi natalia natasha nathan neha nicholas nicole niklas nikolai nils nina noah nora nour nuno olga
oliver olivia omar oscar otto pablo pamela paolo patricia patrick paul paula pedro per peter petra philip pierre
pooja priya rachel rafael rahul raj rajesh ramon rashid raul rebecca ravi rhys ricardo richard rita rob robert
roberto robin rohan rosa ruth ryan sabrina sadia said sally sam samantha samir samuel sandra sanjay sara sarah
sebastian sergei sergio shanice sharon shira simon sofia sofie sophia sophie stefan stella stephanie steve steven
sunil susan suresh sven takeshi tanya tariq teresa thomas tim timothy tobias tom tomas tony tove ulla ulrike
valentina vanessa vera victor victoria vikram vincent viktor wei wendy william xavier yan yara yasmin yuki yusuf
zainab zara zoe
`);

/** Countries, regions and large cities (lower case, multi-word names as phrases). */
export const PLACES = phrases(`
afghanistan|albania|algeria|argentina|armenia|australia|austria|azerbaijan|bangladesh|belarus|belgium|bolivia|
bosnia|brazil|bulgaria|cambodia|cameroon|canada|chile|china|colombia|costa rica|croatia|cuba|cyprus|czechia|
czech republic|denmark|ecuador|egypt|estonia|ethiopia|finland|france|georgia|germany|ghana|greece|guatemala|
hungary|iceland|india|indonesia|iran|iraq|ireland|israel|italy|jamaica|japan|jordan|kazakhstan|kenya|korea|
south korea|kuwait|latvia|lebanon|lithuania|luxembourg|malaysia|malta|mexico|morocco|nepal|netherlands|
the netherlands|new zealand|nigeria|norway|pakistan|panama|peru|philippines|poland|portugal|qatar|romania|russia|
rwanda|saudi arabia|senegal|serbia|singapore|slovakia|slovenia|south africa|spain|sri lanka|sweden|switzerland|
taiwan|tanzania|thailand|tunisia|turkey|uganda|ukraine|united arab emirates|uae|united kingdom|uk|united states|
usa|us|uruguay|venezuela|vietnam|zambia|zimbabwe|england|scotland|wales|europe|asia|africa|america|
north america|south america|latin america|scandinavia|middle east|emea|apac|latam|nordics|benelux|dach|
california|texas|florida|new york|washington|massachusetts|illinois|ontario|quebec|bavaria|catalonia|
silicon valley|bay area|amsterdam|athens|atlanta|auckland|austin|bangalore|bengaluru|bangkok|barcelona|beijing|
berlin|bern|bogota|boston|brussels|bucharest|budapest|buenos aires|cairo|cape town|chennai|chicago|copenhagen|
dallas|delhi|new delhi|denver|dubai|dublin|edinburgh|frankfurt|geneva|gothenburg|hamburg|helsinki|hong kong|
houston|hyderabad|istanbul|jakarta|johannesburg|karachi|kyiv|kiev|lagos|lima|lisbon|london|los angeles|lyon|
madrid|malmo|malmö|manchester|manila|marseille|melbourne|mexico city|miami|milan|montreal|moscow|mumbai|munich|
nairobi|oslo|osaka|paris|porto|prague|rome|rotterdam|san diego|san francisco|san jose|santiago|sao paulo|
são paulo|seattle|seoul|shanghai|shenzhen|stockholm|stuttgart|sydney|tallinn|tel aviv|tokyo|toronto|uppsala|
utrecht|vancouver|vienna|vilnius|warsaw|zurich|zürich|riga|reykjavik|cologne|düsseldorf|dusseldorf|leipzig|
dresden|toulouse|nice|bordeaux|lille|nantes|valencia|seville|bilbao|naples|turin|florence|venice|antwerp|
ghent|krakow|kraków|gdansk|wroclaw|belgrade|zagreb|sofia|dhaka|lahore|riyadh|doha|abu dhabi|casablanca|accra|
addis ababa|kampala|kigali|dakar|taipei|kuala lumpur|ho chi minh city|hanoi|perth|brisbane|adelaide|wellington|
ottawa|calgary|portland|phoenix|philadelphia|detroit|pittsburgh|nashville|brooklyn|manhattan|oxford|cambridge|
bristol|leeds|liverpool|birmingham|glasgow
`);

/** Well-known companies and institutions named without a legal suffix. */
export const ORGANIZATIONS = phrases(`
google|alphabet|apple|microsoft|amazon|aws|meta|facebook|instagram|whatsapp|netflix|spotify|uber|lyft|airbnb|
tesla|ibm|oracle|sap|salesforce|adobe|intel|nvidia|amd|qualcomm|samsung|sony|nokia|ericsson|siemens|bosch|
philips|volvo|ikea|h&m|zara|nike|adidas|stripe|adyen|paypal|klarna|visa|mastercard|square|revolut|wise|shopify|
atlassian|slack|zoom|dropbox|github|gitlab|openai|anthropic|cloudflare|twilio|datadog|snowflake|hubspot|zendesk|
linkedin|twitter|tiktok|bytedance|alibaba|tencent|baidu|huawei|xiaomi|toyota|honda|bmw|mercedes|volkswagen|audi|
ford|boeing|airbus|deloitte|mckinsey|accenture|kpmg|pwc|ey|goldman sachs|jpmorgan|morgan stanley|barclays|hsbc|
ubs|ing|nordea|seb|handelsbanken|unilever|nestle|nestlé|pfizer|novartis|roche|bayer|astrazeneca|walmart|target|
costco|starbucks|mcdonald's|coca-cola|pepsico|the un|united nations|who|nasa|eu|european commission|nato|imf|
world bank|fda|irs|harvard|stanford|mit|oxford university|cambridge university|bbc|cnn|reuters|bloomberg
`);

/** Last words that mark a name as an organisation's ("Northwind Retail", "Lingua Partners", "Acme Inc"). */
export const ORGANIZATION_SUFFIXES = set(`
inc inc. corp corp. corporation co co. company ltd ltd. llc llp plc gmbh ag ab asa oy sa sas bv nv srl spa
group partners associates holdings ventures capital bank labs lab technologies technology tech systems solutions
consulting software networks logistics retail media studios studio foods pharma pharmaceuticals airlines airways
motors energy insurance health healthcare hospital clinic university college institute school academy foundation
agency council ministry department bureau authority association society union federation trust fund
`);

/** Products, platforms and services people name in meetings. */
export const PRODUCTS = phrases(`
android|ios|ipados|macos|windows|linux|iphone|ipad|macbook|pixel|galaxy|app store|play store|google play|
apple pay|google pay|wi-fi|wifi|bluetooth|chrome|safari|firefox|edge|excel|word|powerpoint|outlook|teams|
microsoft teams|sharepoint|onedrive|google drive|google docs|google sheets|gmail|google meet|jira|confluence|
trello|asana|notion|figma|miro|tableau|looker|power bi|kubernetes|docker|aws lambda|chatgpt|claude|gemini|
copilot|wordpress
`);

/** Capitalised words that are never entities of interest in a meeting: calendar words, languages, acronyms. */
export const NOT_ENTITIES = set(`
january february march april may june july august september october november december monday tuesday
wednesday thursday friday saturday sunday today tomorrow yesterday english german french spanish swedish
italian dutch portuguese chinese japanese korean arabic russian hindi norwegian danish finnish polish turkish
greek european american british asian african i i'm i'll i'd i've ok okay yes no hi hello hey thanks
thank please sorry good great perfect same sure right well so first second third fourth fifth last next
ci cd qa ux ui api apis sdk sdks pdf pdfs csv json html css sql ai ml llm id ids url faq kpi kpis okr okrs
roi mvp hr ceo cto cfo coo cmo cpo vp svp evp pm dpa nda sla slas gdpr eta tbd asap fyi eod eow
mr mrs ms dr prof sir madam team everyone everybody
`);

export const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
export const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
