//! Whether a byline names people: never a share button's or an icon's label ("Facebook",
//! "Tweet"), a dateline ("(أبوظبي - البيان)") or a source's label ("المصدر:"); an
//! organisation only when the page names no person, and never the site itself.

/// Labels of share buttons, social icons and tools, which a byline's markup holds as hidden
/// text beside the names (an icon's screen-reader label), never a name on their own.
const SHARE_LABELS: [&str; 27] = [
    "facebook",
    "twitter",
    "tweet",
    "x",
    "linkedin",
    "instagram",
    "pinterest",
    "whatsapp",
    "telegram",
    "email",
    "e-mail",
    "mail",
    "share",
    "print",
    "rss",
    "youtube",
    "reddit",
    "tumblr",
    "google",
    "follow",
    "subscribe",
    "comment",
    "comments",
    "like",
    "mastodon",
    "bluesky",
    "threads",
];

/// Whether every word of a byline is a share button's or social icon's label.
pub(super) fn is_share_label(s: &str) -> bool {
    let words: Vec<String> = s
        .split(|c: char| c.is_whitespace() || matches!(c, '+' | '/' | ','))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let label = |w: &String| SHARE_LABELS.contains(&w.trim_matches(|c: char| !c.is_alphanumeric()));
    words.iter().any(label)
        && words.iter().all(|w| label(w) || ["on", "via", "to", "us", "with"].contains(&w.as_str()))
}

/// Whether a byline is a dateline or a source rather than names: wholly in parentheses
/// ("(أبوظبي - البيان)", "(AP)"), or opening with a source's label ("المصدر:", "Source:").
pub(super) fn is_dateline_or_source(s: &str) -> bool {
    let s = s.trim();
    const SOURCE_LABELS: [&str; 4] = ["المصدر", "منبع", "source", "ماخذ"];
    (s.starts_with('(') && s.ends_with(')'))
        || SOURCE_LABELS.iter().any(|l| {
            s.get(..l.len()).is_some_and(|p| p.eq_ignore_ascii_case(l))
                && s[l.len()..].trim_start().starts_with(':')
        })
}

/// Words that name an organisation rather than a person (a news agency, a newsroom, a team, a
/// company), in the languages whose bylines the reader reads.
const ORGANISATION_WORDS: [&str; 49] = [
    "press",
    "news",
    "newsroom",
    "team",
    "staff",
    "desk",
    "agency",
    "agencies",
    "inc",
    "ltd",
    "llc",
    "group",
    "media",
    "foundation",
    "clinic",
    "university",
    "association",
    "society",
    "radio",
    "tv",
    "television",
    "network",
    "magazine",
    "journal",
    "editors",
    "editorial",
    "service",
    "services",
    "department",
    "ministry",
    "council",
    "corporation",
    "company",
    "institute",
    "center",
    "centre",
    "organization",
    "organisation",
    "وكالة",
    "وكالات",
    "فريق",
    "تحرير",
    "جريدة",
    "صحيفة",
    "نيوز",
    "خبرگزاری",
    "روزنامه",
    "ادارہ",
    "ڈیسک",
];

/// Whether a byline names an organisation: one of [`ORGANISATION_WORDS`], or an acronym alone
/// ("CDC", "LBCI").
pub(super) fn looks_like_organisation(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    let acronym = words.len() == 1
        && (2..=6).contains(&s.chars().count())
        && s.chars().any(|c| c.is_ascii_uppercase())
        && s.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    acronym
        || words.iter().any(|w| {
            ORGANISATION_WORDS
                .contains(&w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()))
        })
}

/// Words of a writer's role, written after the names ("Jane Doe, Staff Writer").
const ROLE_WORDS: [&str; 14] = [
    "writer",
    "editor",
    "correspondent",
    "reporter",
    "contributor",
    "columnist",
    "director",
    "manager",
    "officer",
    "ceo",
    "founder",
    "producer",
    "photographer",
    "critic",
];

/// Whether what follows a comma after the names is a role or an organisation ("Staff Writer",
/// "Continental Press Writer", "The Commercial Appeal") rather than more names.
pub(super) fn is_role(s: &str) -> bool {
    let s = s.trim();
    s.starts_with("The ")
        || looks_like_organisation(s)
        || s.split_whitespace().any(|w| {
            ROLE_WORDS.contains(&w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()))
        })
}

/// Words that qualify a role ("Staff Reporter", "Senior Business Editor").
const ROLE_QUALIFIERS: [&str; 12] = [
    "staff",
    "senior",
    "chief",
    "business",
    "sports",
    "political",
    "science",
    "managing",
    "contributing",
    "associate",
    "deputy",
    "news",
];

/// `s` less the role written after the names without a comma ("TOM KRAMER Staff Reporter"):
/// its last word a role, with the qualifiers before it; two words at least are left.
pub(super) fn without_trailing_role(s: &str) -> &str {
    let lower = |w: &str| w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let words: Vec<(usize, &str)> =
        s.split_whitespace().map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w)).collect();
    if words.last().is_none_or(|(_, w)| !ROLE_WORDS.contains(&lower(w).as_str())) {
        return s;
    }
    let mut keep = words.len() - 1;
    while keep > 2 && ROLE_QUALIFIERS.contains(&lower(words[keep - 1].1).as_str()) {
        keep -= 1;
    }
    if keep < 2 {
        return s;
    }
    s[..words[keep].0].trim_end()
}

/// Whether a byline the body shows names a person, to stand for an organisation declared as
/// the author: two words or more, none with a digit, and no organisation's ("user2" and
/// "News Desk" do not).
pub(super) fn names_a_person(s: &str) -> bool {
    s.split_whitespace().count() >= 2
        && !s.chars().any(|c| c.is_ascii_digit())
        && !looks_like_organisation(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_labels_datelines_and_organisations() {
        for label in ["Facebook", "Tweet", "Share on X", "E-mail", "Google+", "Follow"] {
            assert!(is_share_label(label), "{label}");
        }
        for name in ["Jane Doe", "Lala Facebook-Smith", "أسماء نصار"] {
            assert!(!is_share_label(name), "{name}");
        }
        assert!(
            is_dateline_or_source("(أبوظبي - البيان)")
                && is_dateline_or_source("المصدر: وكالات")
                && is_dateline_or_source("Source: Reuters")
        );
        assert!(!is_dateline_or_source("Jane Doe (AP)") && !is_dateline_or_source("أحمد سالم"));
        for org in [
            "Continental Press",
            "CDC",
            "KWMT News Staff",
            "British Heart Foundation",
            "وكالة الأنباء",
        ] {
            assert!(looks_like_organisation(org), "{org}");
        }
        for person in ["Jane Doe", "Sarah Okafor", "Tom", "أسماء نصار", "Jo Li"] {
            assert!(!looks_like_organisation(person), "{person}");
        }
        assert!(names_a_person("Sarah Okafor") && names_a_person("أسماء نصار"));
        assert!(
            !names_a_person("user2")
                && !names_a_person("Tom")
                && !names_a_person("KWMT News Staff")
        );
        for role in
            ["Staff Writer", "Continental Press Writer", "The Commercial Appeal", "Business Editor"]
        {
            assert!(is_role(role), "{role}");
        }
        for names in ["John Roe", "Jagpreet Chhatwal", "and John Roe"] {
            assert!(!is_role(names), "{names}");
        }
        assert_eq!(without_trailing_role("TOM KRAMER Staff Reporter"), "TOM KRAMER");
        assert_eq!(without_trailing_role("Linda Morales Senior Business Editor"), "Linda Morales");
        assert_eq!(without_trailing_role("Jane Writer"), "Jane Writer");
        assert_eq!(without_trailing_role("Jane Doe"), "Jane Doe");
    }
}
