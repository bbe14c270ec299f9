/**
 * Briefs written for these tests (not taken from bench/agent): what a person would ask, each with
 * the catalog app they would expect, or null when nothing in the catalog fits.
 */
export const QUOTE = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';
export const SOCIAL = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
export const CAROUSEL = '5cf30c28-06ab-4ae3-8c84-acc340708b28';
export const PHOTO_CLIP = 'ca0f9e11-c2a5-49e9-b35c-3b78dc2448a5';
export const BLOG = '7665e1a9-f604-41e7-9529-7b64b0a67d37';
export const IMAGE = 'e2eb58c5-1b6f-4b1e-a41e-f61e0c3befa5';
export const AUDIOGRAM = '7e3076ef-8947-4a13-b318-a846a20cd1fd';
export const VIDEO_AD = '9e5f9264-3c79-43c6-b368-57181201d05d';
export const UGC = '1212b5b6-f425-4cc2-b21e-40f72b40048a';
export const SCRIPTED = '4f7b2c8e-8a1d-4c55-9a57-1f3f2f6f0c11';
export const EXPLAINER = '9f87fdb7-d152-48d6-a66c-b11f77f3c9a5';
export const PRODUCT = 'af93ed1a-3e05-44e3-b08e-fa79d6b942a9';
export const CAMPAIGN = '6031edac-7cdb-451a-8a9b-5ff29a6f2996';

export const FIT_BRIEFS: [string, string][] = [
  // The situation, told with "So ..." and an aside, is context; what people should know on a platform is a post
  // (words of an app's prose, "follow", do not count as naming something to make).
  [
    "Hey! So I run a little bookshop on Mill Lane called Dog Ears. We're shut this Thursday for a stock count (tedious, I know) and I want the people who follow us on Facebook to know before they walk over. Can you handle that? Something warm.",
    SOCIAL,
  ],
  // Points listed after the colon ask for an app that takes points; looks and ratios are not points.
  [
    'We are a language school, students always ask how enrolment works. We want a short video with voice, 16:9, explaining: you pick a course online, you take the level test, you pay the deposit.',
    EXPLAINER,
  ],
  // Approval said as "validate" or asked by compliance is the review the campaign app waits for.
  [
    'Our gym opens a second site in May. We need matching visuals for the Instagram feed, Facebook stories and our homepage, and our compliance team must validate everything before it goes out.',
    CAMPAIGN,
  ],
  // A brief that brings its own script to be read out wants the app that takes a script.
  [
    'Our newsletter writer left us this short read and we would like it voiced as a captioned video for Stories: "Sleep is not a reward for finishing the work. It is what makes the work possible, so guard it like your most important meeting."',
    SCRIPTED,
  ],
  // "I'd love ..." after a quoted line is the request again; a show's finale is an episode.
  [
    'The autumn finale of Grow Your Own is out - it\'s called "Burnt Tomatoes". Near the end our guest says: "Every failed crop teaches you the soil." I\'d love our followers on Instagram to hear that bit.',
    AUDIOGRAM,
  ],
  // What the caller's current content is like ("Our Facebook ads with stock photos are flopping") is context, not the ask.
  [
    'Our Facebook ads with static images are flopping. I want motion and a voiceover for the Aero kettle: boils in 90 seconds, silent, 15% off.',
    VIDEO_AD,
  ],
  // A link offered in an aside ("(a photo ... if that helps)") brings material; it does not ask for a photo.
  [
    'Our library needs a narrated, captioned video of this notice for YouTube, landscape (a photo of the reading room is at https://example.com/room.jpg if useful): "The reading room reopens on Monday with forty new seats and longer hours."',
    SCRIPTED,
  ],
  // "a flat vector look" is how the picture looks, not an SVG file.
  [
    "I'm preparing a slide for our quarterly review and need an illustration behind the heading: a compass on an old map, flat vector look, 16:9.",
    IMAGE,
  ],
  // An imperative inside the line to feature ("Fix your sleep") is what someone says, not an edit asked for.
  [
    "Make an audiogram for episode 9, 'Tired or lazy?'. Featured line: Nobody here is lazy. Fix your sleep first and see.",
    AUDIOGRAM,
  ],
  // An inflection of a known word ("renters") is no typo of a catalog word ("renders").
  [
    'Explain what a mortgage is to first-time renters: deposit, interest, term length. 16:9, captions burned in.',
    EXPLAINER,
  ],
  // "something for the website" leaves the thing unnamed: the website is where it goes, not a written website.
  [
    "Our clinic keeps getting asked how online booking works. I'd like something for the website with a voice explaining it: pick a slot, confirm by text, get a reminder.",
    EXPLAINER,
  ],
  // "put it on a backdrop" composes a picture; only "put it on Instagram" publishes.
  [
    'Take https://cdn.example.com/kettle.png and put it on a soft marble backdrop for our shop listing',
    PRODUCT,
  ],
  // A platform's surface is a placement, not evidence ("TikTok and Reels").
  [
    'For TikTok and Reels, about 30 seconds: a talking-head script for our Loop yoga mat, honest first impression',
    UGC,
  ],
  // "Heads up to my followers" announces; it is no talking head.
  [
    'Heads up to my followers: the bakery is closed on Monday for repairs. A simple post with a few hashtags.',
    SOCIAL,
  ],
  // "photo style" is a look for a generated picture, not a product photo.
  ['create a picture of a lighthouse in a storm, realistic photo style, square', IMAGE],
  ['Make a quote card with "Simplicity is the soul of efficiency" by Austin Freeman', QUOTE],
  ["need an insta post about our cafe's new pumpkin muffins", SOCIAL],
  [
    'Three-slide carousel on saving money: cook at home, cancel unused subscriptions, automate savings',
    CAROUSEL,
  ],
  ['Animate this still https://cdn.example.com/lake.jpg into a 12 second clip', PHOTO_CLIP],
  ['Blog header image for my article "Why We Moved to Four-Day Weeks"', BLOG],
  ['Generate an image of a red fox in a snowy forest at dawn, 16:9', IMAGE],
  [
    'Podcast audiogram for episode "Money Talks" with the line "Budgets are promises to your future self"',
    AUDIOGRAM,
  ],
  ['Vertical video ad for the Breeze desk fan, quiet motor, USB-C, call to action "Stay cool"', VIDEO_AD],
  ['UGC script with voiceover for our SunGuard sunscreen, problem and fix angle', UGC],
  [
    'Turn this script into a narrated video: "Three steps to better sleep. Dim the lights. Breathe slowly."',
    SCRIPTED,
  ],
  ['Explainer video about how vaccines work: antigens, antibodies, memory cells', EXPLAINER],
  [
    'Put our product photo https://shop.example.com/kettle.png on a pastel backdrop, the Aurora kettle',
    PRODUCT,
  ],
  ['Campaign set with approval for our Spring Sale: feed post, story and banner', CAMPAIGN],
  ['carousal about 3 ways to cut food waste: plan meals, freeze leftovers, shop smarter', CAROUSEL],
  ["instagarm post for our yoga studio's anniversary", SOCIAL],
  ['pls a qoute card: "Be yourself; everyone else is already taken" - Oscar Wilde', QUOTE],
  ['make the photo https://img.example.com/dog.png moving like a small film', PHOTO_CLIP],
  ['{"tool":"audiogram","episode_title":"Deep Work","excerpt":"Focus is a muscle."}', AUDIOGRAM],
  [
    'create_carousel(topic="Remote work tips", points="async first; write things down; protect focus time")',
    CAROUSEL,
  ],
  ['text to image: a lighthouse made of glass on a calm sea', IMAGE],
  ['Square picture of a bowl of ramen with steam rising, 1:1', IMAGE],
  ['A 4:5 Instagram post announcing our new opening hours', SOCIAL],
  ['explainer vidoe on how our loyalty program works: earn points, redeem, get perks', EXPLAINER],
  ['Short vertical ad with a voiceover for the Kite running jacket', VIDEO_AD],
  ['Creator-style script for TikTok about our oat cookies, three reasons I love it', UGC],
  ['Narrated video with captions from this text: "We open at 7. Fresh bread daily. See you soon."', SCRIPTED],
  ['Hero image and alt text for our newsletter issue about composting at home', BLOG],
  ['Testimonial card: "Best haircut I have ever had" - Jamal', QUOTE],
  [
    'Packshot on a white background for our Etsy listing, photo: https://cdn.example.com/candle.png, Cedar candle',
    PRODUCT,
  ],
  ['Multi-format campaign kit for the Harvest Festival, the regional team must sign off first', CAMPAIGN],
  ['Turn my blog post into a quote card: "Rest is productive"', QUOTE],
  ['Create a caption-free image of a mountain lake', IMAGE],
  ['Make a video ad for our podcast app, neon', VIDEO_AD],
  ['UGC script about our translation app Lingo, problem and fix', UGC],
  ['Social post announcing our new scheduling feature', SOCIAL],
  ['"Stay hungry, stay foolish" - Steve Jobs', QUOTE],
  ['Announce our new store hours', SOCIAL],
  // Points listed after the colon end with their sentence; the looks after it are no points.
  [
    'For my geography class I want a short voiced thing to show on the smartboard about how rivers shape valleys: erosion, transport, deposition. Horizontal, and with subtitles for the back row.',
    EXPLAINER,
  ],
  // A video "explaining" a process, its steps listed: points for an explainer, not a script to read.
  [
    'Can you do a short video for our website explaining how returns work? Steps: print the label, drop the parcel at any post office, get your refund in five days.',
    EXPLAINER,
  ],
  // Short words the caller keeps as written, to be voiced: a script, whatever else the video needs.
  [
    'Use these words exactly, spoken by a voice with captions on screen, 9:16: "Water your tomatoes in the morning. Never at night."',
    SCRIPTED,
  ],
  // ", just make it ..." opens the request after a clause of context.
  [
    "we already wrote the text, just make it a video with a voice and subtitles: 'Fresh pasta every Friday. Come hungry, leave happy.'",
    SCRIPTED,
  ],
  // Adding to what is being made ("add our logo to it") is part of making it, not an edit of the caller's media.
  ['Make an Instagram post about our bake sale on Saturday and add our logo to it', SOCIAL],
  // "Vector" before a picture names its drawing style, not an SVG file.
  [
    'Landscape picture for our help page: a flat vector illustration of two people shaking hands over a desk',
    IMAGE,
  ],
  [
    '{"task":"picture","description":"vector icon of a coffee cup with steam, orange and cream","ratio":"1:1"}',
    IMAGE,
  ],
  // A quotation with its author in parentheses, and nothing else named to make, is a quote to show.
  [
    'Our library wants to share this on its Instagram page, from a young reader: "Books are doors you can open anywhere." (Leo, age 8). Soft colours, only the words.',
    QUOTE,
  ],
  // A link offered as a reference to look at is no photo to work on: no photo app for it.
  [
    'A picture in the style of this https://example.com/ref.jpg: a lighthouse on a cliff at dawn, oil painting look.',
    IMAGE,
  ],
  // Words and hashtags named for a platform's followers: a post there.
  [
    'Our dental practice now opens on Saturdays. A few words and hashtags for our Instagram followers, please.',
    SOCIAL,
  ],
  // A list of the parts to make ("a line for the screen, a caption") is no list of points to cover.
  [
    'A creator is filming our bamboo toothbrush next week and needs the following from us: what she should say to camera in a chatty tone, a hook line for the screen, and a caption. Also a quick voice read so she hears the pace.',
    UGC,
  ],
];

export const NO_FIT_BRIEFS: string[] = [
  'Translate this Instagram caption into Italian',
  'Edit the colour grading of my wedding video',
  'Create a 30-minute podcast episode about productivity',
  'Write a 1,500-word LinkedIn article on leadership',
  'Transcribe the audio of my interview',
  'Reply to this customer complaint email',
  'Compress my product photos for the web',
  'Remove background noise from my podcast recording',
  'Schedule our Black Friday posts for next week',
  'Export our follower list as a CSV file',
  'Make our menu into a printable PDF',
  'Give me Instagram analytics for last month',
  'Build me a landing page for our new app',
  'Write an ebook about plant-based cooking',
  'Record a voicemail greeting for our office phone line',
  'Create a QR code for our wifi password',
  'Summarise this 40-page whitepaper in five bullet points',
  'Find influencers in the vegan food niche',
  'Send a push notification to all app users',
  'Livestream our product launch on LinkedIn',
  'Mix the vocals of my demo track',
  'Convert my MOV files to MP4',
  'Make a GIF of our logo spinning',
  'Proofread the terms and conditions page',
  'Design a vector logo for our bakery, SVG please',
  'Can you set up a Facebook ad campaign with a $200 daily budget?',
  'Plan a content calendar for May',
  'Build a chatbot for our website',
  'Do an SEO audit of our blog',
  'Write a cover letter for a marketing job',
  'Draft a press release announcing our merger',
  'Reply to every DM we got this week',
  "Analyze our competitors' TikTok strategy",
  'What hashtags should I use for my bakery?',
  'Make a 2-hour highlight reel from our livestream',
  'Print 500 flyers for our open day',
  'Write a blog post about our summer menu',
  "Create a newsletter for our subscribers with the month's news",
  'Write an email to our customers announcing the sale',
  'pls translte our product page to german',
  '{"action":"publish","channel":"instagram","asset_id":"a1b2"}',
  'task: report | metric: reach | period: last quarter',
  'Track how many people clicked our link in bio',
  'Make the audio of my interview louder and remove the echo',
  'Write the terms of service for our app',
  'Localize our app store screenshots for Japan',
  'How did our last reel perform?',
  'Compare engagement between our TikTok and Instagram accounts',
  'Make an Excel sheet with all our product prices',
  'Record a podcast episode with our CEO',
  'Create a two-hour training course video',
  'Respond to our Google reviews',
  'Build a website for my bakery',
  'Color correct my product photos from yesterday',
  'Send a DM to all our new followers',
  // Operations on media the caller already has: no app here takes a banner, a video or recordings to change.
  'Resize my current header image to 1200x630 for Facebook, keep everything else the same: https://example.com/header.png',
  'Please add captions to the interview clip we already filmed, link: https://example.com/interview.mp4',
  'Merge our two podcast recordings into one episode',
  'I want to record a podcast episode with our CEO next week',
  'Convert our logo into a vector file (SVG) for the print shop',
];
