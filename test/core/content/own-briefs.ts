/**
 * Briefs written for these tests, from the user's side (not taken from bench/agent), with the app a
 * careful person would pick and what its fields should hold: `has` words must appear in the value,
 * `not` words (labels, request words, constraints) must not. Used by the routing and slot-filling
 * tests and as a second, independent check while tuning.
 */
import {
  AUDIOGRAM,
  BLOG,
  CAMPAIGN,
  CAROUSEL,
  EXPLAINER,
  IMAGE,
  PHOTO_CLIP,
  PRODUCT,
  QUOTE,
  SCRIPTED,
  SOCIAL,
  UGC,
  VIDEO_AD,
} from '../discovery/own-briefs';

export interface FieldCheck {
  has?: string[];
  not?: string[];
  equals?: string;
}

export interface OwnBrief {
  brief: string;
  /** The platform an agent passes beside the brief. */
  platform?: string;
  app: string;
  fields: Record<string, FieldCheck>;
}

export const SLOT_BRIEFS: OwnBrief[] = [
  // A clause about the sender ("I work in HR at ...", "we are a ...") is not the topic when the brief names one.
  {
    brief:
      'I work in HR at a logistics company of about 600 people. Can you make a social post about how to file expense claims in the new app?',
    app: SOCIAL,
    fields: { topic: { has: ['expense claims'], not: ['hr', 'logistics', '600'] } },
  },
  {
    brief:
      'We are a family-run garden centre in Leeds. Please make an Instagram post with a caption about our autumn bulb sale this weekend.',
    app: SOCIAL,
    fields: { topic: { has: ['bulb sale'], not: ['family run', 'leeds'] } },
  },
  // "We're rolling out ..." tells what they do, not who they are: its object is the campaign.
  {
    brief:
      "We're rolling out our spring tasting menu across all three bistros in April. Need one look for the Instagram feed, stories and a web banner, and the head chef signs off the key visual first.",
    app: CAMPAIGN,
    fields: { campaign: { has: ['spring tasting menu'], not: ['head chef', 'signs off'] } },
  },
  // A product named as what "it's": "It's the Nimbus 3.", and a quoted name after "name is".
  {
    brief:
      "I photographed our new kettle on the stove and the kitchen looks cluttered: https://example.com/kettle.png. It's the Nimbus 3. Can you put it on a clean studio backdrop for our shop?",
    app: PRODUCT,
    fields: { product_name: { has: ['nimbus 3'], not: ['kettle', 'shop', 'stove'] } },
  },
  {
    brief:
      "i have pic of my soap bar https://example.com/soap.png, name is 'Sea Salt Scrub', want warm backround for etsy",
    app: PRODUCT,
    fields: { product_name: { has: ['sea salt scrub'], not: ['soap bar', 'etsy'] } },
  },
  // A quote whose cue repeats a parameter's description ("set on the story and the banner") is that parameter's.
  {
    brief:
      "Our bakery's autumn pie week needs one matching visual for the Instagram feed, a story and the web banner, approved by me before it ships. The words on the story and the banner: 'Pie o'clock is back'.",
    app: CAMPAIGN,
    fields: { call_to_action: { has: ["pie o'clock is back"] } },
  },
  {
    brief:
      "Need a 4:5 post, a story and a wide web banner for 'Lantern Night at Elm Park', one look across all of them, and I sign off on the main image first.",
    app: CAMPAIGN,
    fields: { campaign: { has: ['lantern night'] } },
  },
  // A picture for a platform's page is a post there.
  {
    brief: 'Make a picture for our Facebook page about the new kids menu, minimal look',
    app: SOCIAL,
    fields: { topic: { has: ['new kids menu'], not: ['facebook', 'minimal'] }, style: { equals: 'Minimal' } },
  },
  // A bare name right after the quotation, before a comma or a sentence that goes on.
  {
    brief: "Quote graphic for Monday: 'Well begun is half done.' Aristotle, Greek philosopher. Earthy tones.",
    app: QUOTE,
    fields: { author: { has: ['aristotle'], not: ['greek', 'earthy'] } },
  },
  {
    brief: "pls make a quote card 'discipline beats motivation' coach ray mills, bright colours",
    app: QUOTE,
    fields: { author: { has: ['ray mills'], not: ['bright'] } },
  },
  // Who said it: a name in parentheses with where they are from; a role, then the name.
  {
    brief:
      "A guest left this in our book and I'd like it as a quote graphic: 'Best night's sleep I've had in years.' (Tomas, Porto)",
    app: QUOTE,
    fields: {
      quote: { has: ["best night's sleep"], not: ['porto'] },
      author: { has: ['tomas'], not: ['porto'] },
    },
  },
  {
    brief: 'Quote card, warm palette. Text: Small steps every day. Author: our head coach, Lena Brandt.',
    app: QUOTE,
    fields: { author: { has: ['lena brandt'], not: ['warm'] } },
  },
  // The passage after "this line ... :" is the excerpt; the free quote is then the episode's title.
  {
    brief:
      "Our chat with a beekeeper, 'Hives in the City', is out Friday and I want a square clip where this line plays over the cover art: Bees never waste a warm afternoon. Neither should we.",
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['hives in the city'], not: ['bees'] },
      excerpt: { has: ['bees never waste a warm afternoon'], not: ['hives in the city'] },
    },
  },
  // A closing note on the look, however polite ("... pls", "if possible"), is not the last point or part of the line.
  {
    brief:
      "3 slide carousel for our bike shop, title 'Winter-proof your bike', tips: clean the chain weekly, use mudguards, check brake pads. forest colours pls",
    app: CAROUSEL,
    fields: {
      points: { has: ['clean the chain weekly', 'check brake pads'], not: ['forest', 'pls'] },
      palette: { equals: 'Forest' },
    },
  },
  // "called 'X'": the name is the quote it opens on.
  {
    brief:
      "our show's new episode is called 'Night Shift Stories' and I want a waveform video with this read out: Every hospital has a second life after midnight. Sunset colours if possible.",
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['night shift stories'], not: ['waveform', 'want'] },
      excerpt: { has: ['every hospital has a second life after midnight'], not: ['sunset'] },
    },
  },
  // "..., call it 'X'": the caller names the thing; the quote is its name.
  {
    brief:
      "Put our new mug on a clean backdrop for the shop: https://cdn.example.com/m.png, call it 'Morning Ritual Mug', studio, square.",
    app: PRODUCT,
    fields: { product_name: { has: ['morning ritual mug'], not: ['shop', 'studio'] } },
  },
  // A greeting is not the thing to make; a quotation with its author is a quote card, even when "an image" is asked.
  {
    brief:
      "Good evening, I'd like an image with the sentence of Marcus Aurelius 'Waste no more time arguing what a good man should be' for our studio's Facebook page. Dark background.",
    app: QUOTE,
    fields: {
      quote: { has: ['waste no more time arguing what a good man should be'], not: ['aurelius'] },
      author: { has: ['marcus aurelius'] },
      palette: { equals: 'Dark' },
    },
  },
  // An agent's `key: value` lines are fields; a key may take the bulleted lines under it; "none" leaves a field out.
  {
    brief:
      "asset: social image with caption\nsubject: our bakery's sourdough class starts in March\nlook: minimal\nshape: 4:5",
    app: SOCIAL,
    fields: {
      topic: { has: ['sourdough class starts in march'], not: ['asset', 'minimal'] },
      style: { equals: 'Minimal' },
      aspect_ratio: { equals: '4:5' },
    },
  },
  {
    brief:
      'deliverable: three-slide carousel\nheadline: Caring for leather boots\ntips:\n- brush off dirt after each wear\n- condition them every month\n- store them with cedar shoe trees\npalette: earthy',
    app: CAROUSEL,
    fields: {
      topic: { has: ['caring for leather boots'], not: ['carousel', 'brush'] },
      points: {
        has: ['brush off dirt', 'condition them every month', 'cedar shoe trees'],
        not: ['headline'],
      },
      palette: { equals: 'Earthy' },
    },
  },
  {
    brief:
      'image: https://example.com/photos/lake.jpg\nmake: short motion clip\nratio: 9:16\nlength: 8 seconds\noverlay: none',
    app: PHOTO_CLIP,
    fields: {
      overlay_text: { not: ['none'] },
      aspect_ratio: { equals: '9:16' },
      seconds: { equals: '8' },
    },
  },
  // The platform an agent passes beside a JSON brief does not break the JSON.
  {
    brief: '{"tool": "blog_header", "article_title": "Why we moved to a four-day week", "mood": "Calm"}',
    platform: 'website',
    app: BLOG,
    fields: { article_title: { has: ['four-day week'], not: ['tool'] }, mood: { equals: 'Calm' } },
  },
  // A spoken line under its key runs over its sentences, up to a note on how the piece is made; the
  // title takes the quote the key left free.
  {
    brief:
      "Audiogram for episode 12 of our show, 'Soil first'. Featured line: Healthy soil grows healthy food. Feed it and it feeds you. Square for Instagram.",
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['soil first'], not: ['healthy', '12'] },
      excerpt: {
        has: ['healthy soil grows healthy food', 'feed it and it feeds you'],
        not: ['square', 'soil first'],
      },
    },
  },
  // An aside between a key and its colon.
  {
    brief: 'Quote card please. Words (exactly as written): Done beats perfect. Author: Reid Hastings.',
    app: QUOTE,
    fields: {
      quote: { has: ['done beats perfect'], not: ['exactly', 'reid'] },
      author: { has: ['reid hastings'] },
    },
  },
  // An apostrophe inside a single-quoted line stays in it; a key whose value opens on a quote takes the quote.
  {
    brief:
      "Audiogram please. Episode: 'Why bread rises' Feature the line 'It's just yeast doing what yeast can't help doing.'",
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['why bread rises'], not: ['feature', 'yeast'] },
      excerpt: { has: ["it's just yeast doing what yeast can't help doing"], not: ['bread rises'] },
    },
  },
  // "Co." does not end the product's sentence.
  {
    brief:
      "Vertical video ad. Product: Birch & Co. walnut cutting board, oiled, lifetime guarantee. CTA: 'Shop the board'.",
    app: VIDEO_AD,
    fields: { product: { has: ['birch & co', 'walnut cutting board'], not: ['shop the board'] } },
  },
  // A call to action named by its place ("button", "last slide"), also before linking words.
  {
    brief:
      "Campaign set for our Winter Warmers week: 'Free soup with every sandwich'. The button text should be 'Order ahead'. Warm palette.",
    app: CAMPAIGN,
    fields: { call_to_action: { has: ['order ahead'], not: ['soup', 'button'] } },
  },
  {
    brief:
      "Three-slide carousel titled 'Houseplants that forgive you'. Points: Snake plant. ZZ plant. Pothos. Final slide: 'Follow for more plant tips'.",
    app: CAROUSEL,
    fields: { call_to_action: { has: ['follow for more plant tips'], not: ['pothos'] } },
  },
  // A thing named beside what it is, across a comma, is the product.
  {
    brief:
      'I run a small candle studio, Ember & Wick. Make one of those short vertical ads: hand-poured soy, 60-hour burn.',
    app: VIDEO_AD,
    fields: { product: { has: ['ember', 'wick'], not: ['vertical', 'ads'] } },
  },
  {
    brief:
      'No budget for an influencer yet, so write what a creator would say on camera about Stride, our running app, then voice it.',
    app: UGC,
    fields: { product: { has: ['stride', 'running app'], not: ['creator', 'camera', 'voice'] } },
  },
  // Pairs separated by spaces alone are fields too.
  {
    brief:
      'make quote_card: quote="Well done is better than well said." attribution="Benjamin Franklin" palette=cool',
    app: QUOTE,
    fields: {
      quote: { has: ['well done is better than well said'], not: ['franklin'] },
      author: { has: ['benjamin franklin'], not: ['well done'] },
      palette: { equals: 'Cool' },
    },
  },
  // An agent's shortened option value names the one label it begins.
  {
    brief: 'task=ugc_script; product="Drift pillow, cooling foam"; angle=day_in; platform=instagram',
    app: UGC,
    fields: { product: { has: ['drift pillow'], not: ['task'] }, angle: { equals: 'Day in my life' } },
  },
  {
    brief:
      'Explainer video on how to renew a library card online: 1) log in 2) open My Account 3) press Renew',
    app: EXPLAINER,
    fields: {
      talking_points: { has: ['log in', 'open my account', 'press renew'], not: ['explainer', '1'] },
    },
  },
  {
    brief: 'Make an Instagram post + caption announcing that Tom Reyes joins us as Director of Sales.',
    app: SOCIAL,
    fields: { topic: { has: ['tom reyes joins us as director of sales'], not: ['instagram', 'caption'] } },
  },
  {
    brief:
      'Our ferry now stops at the north pier, so the crossing takes ten minutes less. I need a post that tells people about it.',
    app: SOCIAL,
    fields: { topic: { has: ['north pier', 'ten minutes less'], not: ['i need a post'] } },
  },
  {
    brief:
      'Vertical video ad for the Glide electric toothbrush - 40-day battery, 3 brushing modes, travel case. Call to action: "Smile more".',
    app: VIDEO_AD,
    fields: {
      product: {
        has: ['glide electric toothbrush', '40 day battery', 'travel case'],
        not: ['vertical', 'smile more'],
      },
      call_to_action: { has: ['smile more'], not: ['glide'] },
    },
  },
  {
    brief:
      'UGC script with voiceover for our Nitro cold brew (oat milk, no sugar, 120mg caffeine), problem and fix angle, for TikTok',
    app: UGC,
    fields: {
      product: { has: ['nitro cold brew', 'oat milk', '120mg caffeine'], not: ['tiktok', 'problem', 'ugc'] },
      angle: { equals: 'Problem and fix' },
    },
  },
  {
    brief:
      'Campaign kit with review. Campaign: Harvest Fest, free cider on Saturday, story and banner, autumn palette.',
    app: CAMPAIGN,
    fields: {
      campaign: {
        has: ['harvest fest', 'free cider on saturday'],
        not: ['story and banner', 'autumn palette'],
      },
    },
  },
  {
    brief:
      "For our bookshop's Instagram, a card with Seneca's 'Luck is what happens when preparation meets opportunity.' Warm tones.",
    app: QUOTE,
    fields: {
      quote: { has: ['luck is what happens'], not: ['seneca', 'warm'] },
      author: { has: ['seneca'], not: ['warm tones', 'luck'] },
    },
  },
  {
    brief:
      'Members keep asking how the booking credits work. A short narrated video would help: one credit per class, credits roll over, unused ones expire in June',
    app: EXPLAINER,
    fields: { topic: { has: ['how the booking credits work'] } },
  },
  {
    brief:
      'Explainer on how our tool library works in a short video: borrow, return within a week, pay nothing',
    app: EXPLAINER,
    fields: { topic: { has: ['how our tool library works'], not: ['short', 'video'] } },
  },
  {
    brief:
      'For Earth Day we want to post Wangari Maathai\'s words "It\'s the little things citizens do" as a card',
    app: QUOTE,
    fields: { quote: { has: ["it's the little things citizens do"] }, author: { has: ['wangari maathai'] } },
  },
  {
    brief: 'a card with the motto of our coach Dana Whitfield: "Show up, then level up"',
    app: QUOTE,
    fields: {
      quote: { has: ['show up then level up'] },
      author: { has: ['dana whitfield'], not: ['coach'] },
    },
  },
  {
    brief:
      'Our Halloween pumpkin trail needs a post, a story and a banner that match; the owner signs off first',
    app: CAMPAIGN,
    fields: { campaign: { has: ['halloween pumpkin trail'], not: ['owner', 'banner'] } },
  },
  {
    brief: 'The Leeds pop-up needs one insta post, doors open at noon',
    app: SOCIAL,
    fields: { topic: { has: ['leeds pop-up'], not: ['insta'] } },
  },
  {
    brief: 'Quote card: "Comparison is the thief of joy" by Theodore Roosevelt, pastel colours',
    app: QUOTE,
    fields: {
      quote: { has: ['comparison is the thief of joy'], not: ['quote card', 'roosevelt'] },
      author: { has: ['theodore roosevelt'] },
      palette: { equals: 'Pastel' },
    },
  },
  {
    brief: 'can u do a qoute graphic with "Small steps every day" from my coach Dana',
    app: QUOTE,
    fields: {
      quote: { has: ['small steps every day'], not: ['graphic'] },
      author: { has: ['dana'], not: ['small steps'] },
    },
  },
  {
    brief: 'Social post for our pottery class launch next Saturday, gradient style',
    app: SOCIAL,
    fields: {
      topic: { has: ['pottery class'], not: ['social post', 'gradient'] },
      style: { equals: 'Gradient' },
    },
  },
  {
    brief: 'Instagram post, 1:1: we are now open on Sundays!',
    app: SOCIAL,
    fields: {
      topic: { has: ['open on sundays'], not: ['instagram', '1 1'] },
      aspect_ratio: { equals: '1:1' },
    },
  },
  {
    brief: 'post_image(topic="Summer reading list is out", style="Minimal")',
    app: SOCIAL,
    fields: {
      topic: { has: ['summer reading list'], not: ['post_image', 'minimal'] },
      style: { equals: 'Minimal' },
    },
  },
  {
    brief: 'We just reached 5,000 members in our running club and want to thank everyone on LinkedIn',
    app: SOCIAL,
    fields: { topic: { has: ['5 000 members'], not: ['linkedin'] } },
  },
  {
    brief:
      'Instagram carousel, square, forest palette. Title: "Three habits of calm kitchens". Slides: Prep the night before. Clean as you go. Sharpen knives weekly.',
    app: CAROUSEL,
    fields: {
      topic: { has: ['three habits of calm kitchens'], not: ['instagram', 'forest'] },
      points: {
        has: ['prep the night before', 'clean as you go', 'sharpen knives weekly'],
        not: ['instagram', 'square', 'forest palette'],
      },
      palette: { equals: 'Forest' },
      aspect_ratio: { equals: '1:1' },
    },
  },
  {
    brief:
      'Carousel for Instagram on "Why your sourdough is flat". Middle slide: Feed the starter. Proof longer. End slide: "Join our bread class". Ocean palette.',
    app: CAROUSEL,
    fields: {
      points: { has: ['feed the starter', 'proof longer'], not: ['join our bread class', 'ocean'] },
      call_to_action: { has: ['join our bread class'], not: ['proof'] },
    },
  },
  {
    brief:
      'Explainer video. Topic: how vaccines train the immune system. Talking points: a harmless piece, antibodies form, memory cells remember. Night palette.',
    app: EXPLAINER,
    fields: {
      topic: { has: ['how vaccines train the immune system'], not: ['explainer', 'night'] },
      talking_points: { has: ['a harmless piece', 'memory cells remember'], not: ['night palette'] },
      palette: { equals: 'Night' },
    },
  },
  {
    brief:
      'Our bike repair shop hears it every day - why does my chain keep slipping? A three-slide carousel answering it: worn chain, stretched cable, bent hanger.',
    app: CAROUSEL,
    fields: { topic: { has: ['why does my chain keep slipping'], not: ['repair shop', 'carousel'] } },
  },
  {
    brief: 'Social post image for our 25,000th customer order, minimal style',
    app: SOCIAL,
    fields: { topic: { has: ['25 000th customer order'], not: ['minimal'] } },
  },
  {
    brief:
      'Carousel with 3 tips for better sleep: no screens after 10pm, keep the room cool, same wake-up time',
    app: CAROUSEL,
    fields: {
      topic: { has: ['better sleep'], not: ['carousel', 'no screens'] },
      points: {
        has: ['no screens after 10pm', 'keep the room cool', 'same wake up time'],
        not: ['carousel'],
      },
    },
  },
  {
    brief:
      'swipe post on how to start journaling - buy a cheap notebook, write 3 lines a day, review on sundays; call to action: "Follow for more habits"',
    app: CAROUSEL,
    fields: {
      topic: { has: ['start journaling'], not: ['swipe post'] },
      points: { has: ['cheap notebook', 'write 3 lines a day'] },
      call_to_action: { has: ['follow for more habits'] },
    },
  },
  {
    brief:
      '{"format":"carousel","topic":"Hiring mistakes","points":["hiring too fast","vague job ads","no onboarding"],"palette":"Forest"}',
    app: CAROUSEL,
    fields: {
      topic: { has: ['hiring mistakes'], not: ['format'] },
      points: { has: ['hiring too fast', 'vague job ads', 'no onboarding'] },
      palette: { equals: 'Forest' },
    },
  },
  {
    brief:
      'Animate https://cdn.example.com/harbour.jpg with a slow zoom, 8 seconds, square, text "Harbour Days"',
    app: PHOTO_CLIP,
    fields: {
      photo: { equals: 'https://cdn.example.com/harbour.jpg' },
      seconds: { equals: '8' },
      aspect_ratio: { equals: '1:1' },
      overlay_text: { has: ['harbour days'] },
    },
  },
  {
    brief:
      'animate_photo(photo="https://cdn.example.com/field.png", seconds="12", overlay_text="Harvest is here")',
    app: PHOTO_CLIP,
    fields: {
      photo: { equals: 'https://cdn.example.com/field.png' },
      seconds: { equals: '12' },
      overlay_text: { has: ['harvest is here'] },
    },
  },
  {
    brief: 'Hero image for the blog post "Ten Years of Remote Work", calm mood',
    app: BLOG,
    fields: {
      article_title: { has: ['ten years of remote work'], not: ['hero image'] },
      mood: { equals: 'Calm' },
    },
  },
  {
    brief: 'Our next newsletter is about budgeting for students, it needs a header image',
    app: BLOG,
    fields: { article_title: { has: ['budgeting for students'], not: ['newsletter', 'header image'] } },
  },
  {
    brief: 'Generate an image of a cozy cabin in the mountains at night, 16:9',
    app: IMAGE,
    fields: {
      prompt: { has: ['cozy cabin', 'mountains'], not: ['generate', '16 9'] },
      aspect_ratio: { equals: '16:9' },
    },
  },
  {
    brief:
      'Our meditation app needs a picture of a misty pine forest at sunrise - only the picture, no words on it, as a wallpaper on the phone.',
    app: IMAGE,
    fields: {
      prompt: { has: ['misty pine forest', 'sunrise'], not: ['meditation', 'no words', 'phone'] },
      aspect_ratio: { equals: '9:16' },
    },
  },
  {
    brief:
      'Hero image for my blog post on slow mornings in Kyoto. It should feel serene and unhurried, not salesy.',
    app: BLOG,
    fields: { mood: { equals: 'Calm' } },
  },
  {
    brief: 'Three-slide carousel on caring for succulents, in muted powder colours',
    app: CAROUSEL,
    fields: { palette: { equals: 'Pastel' } },
  },
  {
    brief: 'Illustration: a robot watering plants in a greenhouse, vertical',
    app: IMAGE,
    fields: {
      prompt: { has: ['robot watering plants', 'greenhouse'], not: ['illustration', 'vertical'] },
      aspect_ratio: { equals: '9:16' },
    },
  },
  {
    brief: 'Audiogram for episode "The Quiet Founder" with the line "Listening is a leadership skill."',
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['the quiet founder'], not: ['listening'] },
      excerpt: { has: ['listening is a leadership skill'], not: ['quiet founder'] },
    },
  },
  {
    brief: 'Podcast clip, neon palette. Episode: "Night Owls". Quote: "Creativity peaks after midnight."',
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['night owls'] },
      excerpt: { has: ['creativity peaks after midnight'] },
      palette: { equals: 'Neon' },
    },
  },
  {
    brief: 'Vertical video ad for the Nimbus umbrella - folds to 20cm, windproof - call to action "Stay dry"',
    app: VIDEO_AD,
    fields: {
      product: { has: ['nimbus umbrella'], not: ['vertical video ad', 'stay dry'] },
      call_to_action: { has: ['stay dry'], not: ['nimbus'] },
    },
  },
  {
    brief: 'TikTok ad with voiceover for our FreshPaws dog shampoo, dark palette',
    app: VIDEO_AD,
    fields: {
      product: { has: ['freshpaws dog shampoo'], not: ['tiktok', 'dark palette'] },
      palette: { equals: 'Dark' },
    },
  },
  {
    brief: 'UGC script for our Brewly cold brew, day in my life angle',
    app: UGC,
    fields: {
      product: { has: ['brewly cold brew'], not: ['ugc script', 'day in my life'] },
      angle: { equals: 'Day in my life' },
    },
  },
  {
    brief: "UGC-style voiceover script for our oat cookies 'Crumb Club', problem and fix angle",
    app: UGC,
    fields: {
      product: { has: ['crumb club'], not: ['ugc', 'problem'] },
      angle: { equals: 'Problem and fix' },
    },
  },
  {
    brief:
      'Our surf school just launched the Tide Rider beginner board: soft top, 8 feet. We need a vertical ad with voiceover, ending on "Book a lesson".',
    app: VIDEO_AD,
    fields: {
      product: { has: ['tide rider'], not: ['surf school', 'book a lesson'] },
      call_to_action: { has: ['book a lesson'], not: ['tide rider'] },
    },
  },
  {
    brief: 'influencer script + voiceover, product: Lumen reading light, honest first impression',
    app: UGC,
    fields: {
      product: { has: ['lumen reading light'], not: ['influencer', 'honest'] },
      angle: { equals: 'Honest first impression' },
    },
  },
  {
    brief:
      'Make a narrated video of this script, 16:9: "Our bakery opened in 1998. Every loaf is still shaped by hand."',
    app: SCRIPTED,
    fields: {
      script: { has: ['our bakery opened in 1998', 'shaped by hand'], not: ['narrated video'] },
      aspect_ratio: { equals: '16:9' },
    },
  },
  {
    brief:
      'Explainer video on how compound interest works: interest on interest, time matters, start early, ocean palette',
    app: EXPLAINER,
    fields: {
      topic: { has: ['compound interest'], not: ['explainer video', 'interest on interest'] },
      talking_points: { has: ['interest on interest', 'time matters', 'start early'], not: ['explainer'] },
      palette: { equals: 'Ocean' },
    },
  },
  {
    brief:
      'Product photo of our Solace candle on a dark backdrop, photo: https://shop.example.com/solace.png',
    app: PRODUCT,
    fields: {
      product_image: { equals: 'https://shop.example.com/solace.png' },
      product_name: { has: ['solace candle'], not: ['product photo', 'dark'] },
      backdrop: { equals: 'Dark' },
    },
  },
  {
    brief:
      'Campaign kit with approval for the Autumn Book Fair, call to action "Get your ticket", autumn palette',
    app: CAMPAIGN,
    fields: {
      campaign: { has: ['autumn book fair'], not: ['campaign kit', 'get your ticket'] },
      call_to_action: { has: ['get your ticket'] },
      palette: { equals: 'Autumn' },
    },
  },
  {
    brief:
      'Our coffee van is parking at the harbour all summer and people should know - can you make something for Instagram?',
    app: SOCIAL,
    fields: { topic: { has: ['coffee van', 'harbour'], not: ['instagram', 'can you make'] } },
  },
  {
    brief: 'tool=social_post; topic="Free tasting this Friday"; style=Bold; ratio=4:5',
    app: SOCIAL,
    fields: {
      topic: { has: ['free tasting this friday'], not: ['tool', 'bold'] },
      style: { equals: 'Bold' },
      aspect_ratio: { equals: '4:5' },
    },
  },
  {
    brief:
      "A lot of our clients ask how to prepare for a tax appointment. Could you turn that into slides? Bring last year's return, list your expenses, arrive 10 minutes early",
    app: CAROUSEL,
    fields: {
      topic: { has: ['prepare for a tax appointment'], not: ['clients ask', 'slides'] },
      points: { has: ['last year s return', 'list your expenses', 'arrive 10 minutes early'] },
    },
  },
  {
    brief:
      'carosel for linkedin: 3 lessons from our first year - hire slowly, talk to customers, write things down',
    app: CAROUSEL,
    fields: {
      topic: { has: ['3 lessons from our first year'], not: ['linkedin', 'carosel'] },
      points: { has: ['hire slowly', 'talk to customers', 'write things down'] },
    },
  },
  {
    brief:
      'I have a photo of our new shop front (https://cdn.example.com/shopfront.jpg), can you make it into a little moving clip for stories?',
    app: PHOTO_CLIP,
    fields: { photo: { equals: 'https://cdn.example.com/shopfront.jpg' }, aspect_ratio: { equals: '9:16' } },
  },
  {
    brief:
      '{"task":"animate","image":"https://cdn.example.com/beach.png","length":5,"text":"See you this summer"}',
    app: PHOTO_CLIP,
    fields: {
      photo: { equals: 'https://cdn.example.com/beach.png' },
      seconds: { equals: '5' },
      overlay_text: { has: ['see you this summer'] },
    },
  },
  {
    brief: 'blog banner, playful, title: How to Train a Stubborn Puppy',
    app: BLOG,
    fields: {
      article_title: { has: ['how to train a stubborn puppy'], not: ['blog banner', 'playful'] },
      mood: { equals: 'Playful' },
    },
  },
  {
    brief: 'I need a picture of two astronauts playing chess on the moon, nothing else',
    app: IMAGE,
    fields: { prompt: { has: ['two astronauts playing chess', 'moon'], not: ['i need', 'nothing else'] } },
  },
  {
    brief: 'generate_image(prompt="a paper boat on a rainy street, watercolor", aspect_ratio="4:3")',
    app: IMAGE,
    fields: {
      prompt: { has: ['paper boat', 'rainy street'], not: ['generate_image'] },
      aspect_ratio: { equals: '4:3' },
    },
  },
  {
    brief:
      'We recorded an episode called "Burnout Is Not a Badge" and I want to share the part where I say "Rest is productive" as a small video',
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['burnout is not a badge'], not: ['rest is productive'] },
      excerpt: { has: ['rest is productive'], not: ['burnout'] },
    },
  },
  {
    brief:
      'audiogram pls, ep title "Cash Flow 101", line "Profit is an opinion, cash is a fact", sunset colours',
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['cash flow 101'] },
      excerpt: { has: ['profit is an opinion', 'cash is a fact'] },
      palette: { equals: 'Sunset' },
    },
  },
  {
    brief:
      "We're pushing our new Trailmix protein bites on reels next week - crunchy, 12g protein - can we get an ad with a voice over and subtitles?",
    app: VIDEO_AD,
    fields: { product: { has: ['trailmix protein bites'], not: ['reels', 'next week', 'voice over'] } },
  },
  {
    brief: 'short vidoe ad for SnapLock food containers, ocean palette, CTA: Shop the set',
    app: VIDEO_AD,
    fields: {
      product: { has: ['snaplock food containers'], not: ['vidoe', 'ocean', 'shop the set'] },
      palette: { equals: 'Ocean' },
      call_to_action: { has: ['shop the set'] },
    },
  },
  {
    brief: 'Need something creators can read to camera for our GreenSip matcha - problem and fix angle',
    app: UGC,
    fields: {
      product: { has: ['greensip matcha'], not: ['creators', 'read to camera'] },
      angle: { equals: 'Problem and fix' },
    },
  },
  {
    brief: 'ugc_script(product="Cloudstep slippers", angle="Three reasons I love it")',
    app: UGC,
    fields: {
      product: { has: ['cloudstep slippers'], not: ['ugc_script'] },
      angle: { equals: 'Three reasons I love it' },
    },
  },
  {
    brief:
      'I have this text and want it as a video with voice and moving words: "Good coffee takes time. We roast every morning."',
    app: SCRIPTED,
    fields: {
      script: { has: ['good coffee takes time', 'we roast every morning'], not: ['i have this text'] },
    },
  },
  {
    brief:
      'Script to video, square: Three things nobody tells you about running a cafe. One, the milk order never ends.',
    app: SCRIPTED,
    fields: {
      script: {
        has: ['three things nobody tells you about running a cafe'],
        not: ['script to video', 'square'],
      },
      aspect_ratio: { equals: '1:1' },
    },
  },
  {
    brief:
      'Our new hires never understand how our expense tool works. A short explainer please - take a photo of the receipt, pick a category, submit before Friday',
    app: EXPLAINER,
    fields: {
      topic: { has: ['expense tool'], not: ['new hires never', 'explainer'] },
      talking_points: { has: ['take a photo of the receipt', 'pick a category', 'submit before friday'] },
    },
  },
  {
    brief:
      "change the background of my product photo https://shop.example.com/mug.jpg to something warm, it's the Alpine mug",
    app: PRODUCT,
    fields: {
      product_image: { equals: 'https://shop.example.com/mug.jpg' },
      product_name: { has: ['alpine mug'], not: ['background', 'warm'] },
      backdrop: { equals: 'Warm' },
    },
  },
  {
    brief:
      'Our regional stores launch the winter menu next month; we need feed, story and banner versions and the brand team has to approve them',
    app: CAMPAIGN,
    fields: { campaign: { has: ['winter menu'], not: ['regional stores', 'brand team'] } },
  },
  {
    brief:
      'quote card for instagram, the quote is "Well done is better than well said" and its by Benjamin Franklin',
    app: QUOTE,
    fields: {
      quote: { has: ['well done is better than well said'], not: ['quote card', 'franklin'] },
      author: { has: ['benjamin franklin'] },
    },
  },
  {
    brief: 'Turn this customer review into a card: "Fast delivery and the tea is amazing" (Laura K.)',
    app: QUOTE,
    fields: { quote: { has: ['fast delivery and the tea is amazing'], not: ['customer review'] } },
  },
  {
    brief: 'Post for Instagram about our new vegan burger, geometric style, 4:5',
    app: SOCIAL,
    fields: {
      topic: { has: ['new vegan burger'], not: ['instagram', 'geometric', '4 5'] },
      style: { equals: 'Geometric' },
      aspect_ratio: { equals: '4:5' },
    },
  },
  {
    brief: 'announce on facebook that our store moves to 12 Baker Street in March',
    app: SOCIAL,
    fields: { topic: { has: ['12 baker street'], not: ['announce on facebook'] } },
  },
  {
    brief: 'LinkedIn carousel: "Why most onboarding fails" - no buddy, no plan, no feedback',
    app: CAROUSEL,
    fields: {
      topic: { has: ['why most onboarding fails'], not: ['linkedin'] },
      points: { has: ['no buddy', 'no plan', 'no feedback'] },
    },
  },
  {
    brief:
      'Make a 3 slide carousel on the benefits of cold showers: better mood, more energy, stronger immune system. Sunset palette.',
    app: CAROUSEL,
    fields: {
      topic: { has: ['benefits of cold showers'], not: ['3 slide carousel'] },
      points: { has: ['better mood', 'more energy', 'stronger immune system'] },
      palette: { equals: 'Sunset' },
    },
  },
  {
    brief:
      'Explainer about our refund process for YouTube. Points: request online, we check within 2 days, money back in 5 days',
    app: EXPLAINER,
    fields: {
      topic: { has: ['refund process'], not: ['youtube', 'explainer'] },
      talking_points: { has: ['request online', 'we check within 2 days', 'money back in 5 days'] },
    },
  },
  {
    brief:
      'explainer_video(topic="What is inflation", talking_points="prices rise; money buys less; central banks react")',
    app: EXPLAINER,
    fields: {
      topic: { has: ['what is inflation'], not: ['explainer_video'] },
      talking_points: { has: ['prices rise', 'money buys less', 'central banks react'] },
    },
  },
  {
    brief:
      'Podcast audiogram: episode "Side Hustles That Work", featured line "Start before you feel ready."',
    app: AUDIOGRAM,
    fields: {
      episode_title: { has: ['side hustles that work'], not: ['audiogram'] },
      excerpt: { has: ['start before you feel ready'], not: ['side hustles'] },
    },
  },
  {
    brief: 'Video ad for TikTok: Glowy lip balm, 8 hour moisture, vegan. End with "Get yours today"',
    app: VIDEO_AD,
    fields: {
      product: { has: ['glowy lip balm'], not: ['video ad', 'tiktok', 'get yours'] },
      call_to_action: { has: ['get yours today'] },
    },
  },
  {
    brief: 'reel ad for the Orbit bike light with voiceover + captions, neon',
    app: VIDEO_AD,
    fields: {
      product: { has: ['orbit bike light'], not: ['reel ad', 'voiceover', 'neon'] },
      palette: { equals: 'Neon' },
    },
  },
  {
    brief: 'Write a creator script for our Tidy laundry pods, angle: problem and fix',
    app: UGC,
    fields: {
      product: { has: ['tidy laundry pods'], not: ['creator script', 'angle'] },
      angle: { equals: 'Problem and fix' },
    },
  },
  {
    brief: 'Text to video for our gym: "New year, new routine. First class is free."',
    app: SCRIPTED,
    fields: {
      script: { has: ['new year new routine', 'first class is free'], not: ['text to video', 'gym'] },
    },
  },
  {
    brief:
      'Scripted video, vertical, script: Meet Max, our head baker. He starts at 4am so your bread is warm at 8.',
    app: SCRIPTED,
    fields: {
      script: { has: ['meet max our head baker', 'warm at 8'], not: ['scripted video', 'vertical'] },
      aspect_ratio: { equals: '9:16' },
    },
  },
  {
    brief:
      'Packshot for Amazon of the Nova headphones: https://shop.example.com/nova.png, cool backdrop, square',
    app: PRODUCT,
    fields: {
      product_image: { equals: 'https://shop.example.com/nova.png' },
      product_name: { has: ['nova headphones'], not: ['packshot', 'amazon', 'cool'] },
      backdrop: { equals: 'Cool' },
      aspect_ratio: { equals: '1:1' },
    },
  },
  {
    brief: 'campaign_assets(campaign="Spring Garden Days", call_to_action="Visit us", palette="Spring")',
    app: CAMPAIGN,
    fields: {
      campaign: { has: ['spring garden days'], not: ['campaign_assets'] },
      call_to_action: { has: ['visit us'] },
      palette: { equals: 'Spring' },
    },
  },
  {
    brief: 'blog hero image, title "Why We Stopped Using Slack", professional mood',
    app: BLOG,
    fields: {
      article_title: { has: ['why we stopped using slack'], not: ['blog hero'] },
      mood: { equals: 'Professional' },
    },
  },
  {
    brief: "I'm planning a kids' party and need a drawing of a dinosaur blowing out birthday candles",
    app: IMAGE,
    fields: {
      prompt: { has: ['dinosaur blowing out birthday candles'], not: ['planning', 'party', 'drawing'] },
    },
  },
  {
    brief:
      'Customers keep asking us what to wear on a winter hike. Can we do a carousel: thermal base layer, wool socks, a windproof shell',
    app: CAROUSEL,
    fields: {
      topic: { has: ['what to wear on a winter hike'], not: ['customers keep asking'] },
      points: { has: ['thermal base layer', 'wool socks', 'windproof shell'], not: ['carousel'] },
    },
  },
  {
    brief: 'Our CEO always says "Ship small, ship often" - make it a quote card',
    app: QUOTE,
    fields: { quote: { has: ['ship small ship often'] }, author: { has: ['ceo'], not: ['always'] } },
  },
  {
    brief: 'Quote card: "Rest is productive". Credit: Maya Lin',
    app: QUOTE,
    fields: { quote: { has: ['rest is productive'], not: ['maya'] }, author: { equals: 'Maya Lin' } },
  },
  {
    brief:
      'Launching the Nova blender next month (six speeds, glass jar) - need a vertical video ad with voiceover',
    app: VIDEO_AD,
    fields: { product: { has: ['nova blender'], not: ['launching', 'next month'] } },
  },
  {
    brief: 'Picture: a fox reading a newspaper in a cafe, 3:4',
    app: IMAGE,
    fields: {
      prompt: { has: ['fox reading a newspaper', 'cafe'], not: ['picture', '3 4'] },
      aspect_ratio: { equals: '3:4' },
    },
  },
];

/**
 * Briefs the rules still get wrong (documented, not hidden): their only cue is indirect ("something to
 * let customers know", "a wide picture at the top" of a long read).
 * With a chat model configured, tool calling handles them.
 */
export const HARD_BRIEFS: OwnBrief[] = [
  {
    brief: 'we are closing early on christmas eve, need a post to let customers know',
    app: SOCIAL,
    fields: { topic: { has: ['closing early on christmas eve'], not: ['need a post'] } },
  },
  {
    brief:
      "I'm writing a long read about urban beekeeping for our website and it needs a wide picture at the top",
    app: BLOG,
    fields: { article_title: { has: ['urban beekeeping'], not: ['long read', 'website', 'wide picture'] } },
  },
];
