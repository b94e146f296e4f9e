//! What `dana extract` and `dana eval` share on their command lines: the value parsers of the
//! engine's options (clap calls them; each error says what was expected), the options of
//! `dana extract` as one struct ([`ExtractOptions`], which the Python package sets by name
//! through the same parsers), and the one-line rendering of clap's errors in the CLI's own style
//! (`dana: invalid value 'x' for --gap (expected ...)`), which scripts and tests rely on.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use dana::{Algorithm, LinkFilter, Options};

/// `--algorithm NAME`: r2l, dana, danag or addanag, in any case.
pub fn algorithm(s: &str) -> Result<Algorithm, String> {
    Algorithm::parse(s).ok_or_else(|| "expected r2l, dana, danag or addanag".into())
}

/// `--filter F`: the hyperlink filter of thesis 4.6.1, `none`, `1`, `2` or `3` (any case).
pub fn filter(s: &str) -> Result<LinkFilter, String> {
    LinkFilter::parse(&s.to_ascii_lowercase()).ok_or_else(|| "expected none, 1, 2 or 3".into())
}

/// `--gap N`: a whole number of lines, 0 or more.
pub fn gap(s: &str) -> Result<usize, String> {
    s.parse().map_err(|_| "expected a whole number of lines, 0 or more".into())
}

/// A count such as `--limit N`: a whole number, 0 or more.
pub fn count(s: &str) -> Result<usize, String> {
    s.parse().map_err(|_| "expected a whole number".into())
}

/// `--threads N`: a whole number, 1 or more.
pub fn threads(s: &str) -> Result<usize, String> {
    match count(s) {
        Ok(0) | Err(_) => Err("expected 1 or more".into()),
        Ok(n) => Ok(n),
    }
}

/// `--url URL`: only an absolute URL can serve as the base of the page's relative links.
pub fn url(s: &str) -> Result<String, String> {
    match url::Url::parse(s) {
        Ok(_) => Ok(s.to_string()),
        Err(_) => Err("expected an absolute URL such as https://example.org/page".into()),
    }
}

/// The message for a value an option's parser refused: `arg` as the caller spells the option
/// (`--gap` on the command line, `gap` in Python), `why` the parser's error.
pub fn invalid_value(value: &str, arg: &str, why: &str) -> String {
    format!("invalid value '{value}' for {arg} ({why})")
}

/// The engine's options as `dana extract` takes them (`--algorithm`, `--filter`, `--gap`,
/// `--url`, `--title-bound`, `--thesis`, `--with-comments`, `--candidate`), and as the Python package takes them
/// by the same names in snake_case ([`ExtractOptions::set_value`], [`ExtractOptions::set_flag`]):
/// one set of parsers and messages for both.
#[derive(Clone, Debug, Default, PartialEq, clap::Args)]
pub struct ExtractOptions {
    /// r2l, dana, danag or addanag (default: addanag)
    #[arg(long, value_name = "NAME", allow_hyphen_values = true, value_parser = algorithm)]
    pub algorithm: Option<Algorithm>,
    /// Hyperlink filter (thesis 4.6.1): none, 1 (remove links), 2 (strip link attributes),
    /// 3 (placeholder) (default: 3 for addanag, none for the others)
    #[arg(long, value_name = "F", allow_hyphen_values = true, value_parser = filter)]
    pub filter: Option<LinkFilter>,
    /// Algorithm 1's gap in lines (default: 8 for r2l, 20 for the others)
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = gap)]
    pub gap: Option<usize>,
    /// The page's absolute URL; links and images are resolved against it (without it, relative
    /// links and images are left out of the HTML)
    #[arg(long, value_name = "URL", allow_hyphen_values = true, value_parser = url)]
    pub url: Option<String>,
    /// Use the headline as the upper bound of the main content (thesis 7.2.1)
    #[arg(long)]
    pub title_bound: bool,
    /// The algorithm exactly as the thesis defines it: our measured refinements (those 'dana
    /// eval --help' lists under --without; see README) off
    #[arg(long)]
    pub thesis: bool,
    /// Keep readers' comments under an article in its text (by default they are left out of
    /// it and the json output carries them apart, under "comments")
    #[arg(long)]
    pub with_comments: bool,
    /// Which article candidate to print: 0 (default) the chosen one, K the K-th runner-up
    /// (the json output lists them all under "candidates")
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = count, default_value = "0", hide_default_value = true)]
    pub candidate: usize,
}

impl ExtractOptions {
    /// The options that take a value, by their snake_case names.
    pub const VALUES: [&'static str; 5] = ["algorithm", "filter", "gap", "url", "candidate"];
    /// The options that are on or off.
    pub const FLAGS: [&'static str; 3] = ["title_bound", "thesis", "with_comments"];

    /// Every option's snake_case name: the values', then the flags'.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Self::VALUES.into_iter().chain(Self::FLAGS)
    }

    /// The engine's options these ask for: `thesis` turns the refinements off, then the
    /// explicit values apply.
    pub fn options(&self) -> Options {
        let algorithm = self.algorithm.unwrap_or(Options::default().algorithm);
        let base = if self.thesis {
            Options::thesis(algorithm)
        } else {
            Options { algorithm, ..Options::default() }
        };
        Options {
            filter: self.filter,
            gap: self.gap,
            url: self.url.clone(),
            title_bound: self.title_bound,
            with_comments: self.with_comments,
            candidate: self.candidate,
            ..base
        }
    }

    /// Sets the option `name` (snake_case) from its text, with the parser the command line
    /// uses; the error is the command line's message with the option named `name`.
    pub fn set_value(&mut self, name: &str, text: &str) -> Result<(), String> {
        let bad = |why: String| invalid_value(text, name, &why);
        match name {
            "algorithm" => self.algorithm = Some(algorithm(text).map_err(bad)?),
            "filter" => self.filter = Some(filter(text).map_err(bad)?),
            "gap" => self.gap = Some(gap(text).map_err(bad)?),
            "url" => self.url = Some(url(text).map_err(bad)?),
            "candidate" => self.candidate = count(text).map_err(bad)?,
            _ if Self::FLAGS.contains(&name) => {
                return Err(bad(format!("{name} is on or off, it takes no text")))
            }
            _ => return Err(unknown_option(name)),
        }
        Ok(())
    }

    /// Turns the flag `name` (snake_case) on or off.
    pub fn set_flag(&mut self, name: &str, on: bool) -> Result<(), String> {
        match name {
            "title_bound" => self.title_bound = on,
            "thesis" => self.thesis = on,
            "with_comments" => self.with_comments = on,
            _ if Self::VALUES.contains(&name) => {
                return Err(invalid_value(&on.to_string(), name, "expected a value, not on or off"))
            }
            _ => return Err(unknown_option(name)),
        }
        Ok(())
    }
}

/// The message for an option no one knows, with the names that are known.
pub fn unknown_option(name: &str) -> String {
    let known: Vec<&str> = ExtractOptions::names().collect();
    format!("unknown option '{name}' (known options: {})", known.join(", "))
}

/// The CLI's message for a clap error that is not a request for help or the version, without
/// the `dana: ` prefix. `command` is the subcommand given (`None` when none was recognised), so
/// that an unknown first argument is called an unknown command rather than an unknown option.
pub fn usage_message(e: &clap::Error, command: Option<&str>) -> String {
    let context = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        _ => None,
    };
    // clap names an option with its value, as in `--gap <N>`; the messages name the option.
    let arg = context(ContextKind::InvalidArg)
        .map(|a| a.split(' ').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    let value = context(ContextKind::InvalidValue).unwrap_or_default();
    match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "missing command (extract or eval)".into()
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command '{}' (expected extract or eval)",
            context(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::UnknownArgument if command.is_none() => {
            format!("unknown command '{arg}' (expected extract or eval)")
        }
        ErrorKind::UnknownArgument => format!("unknown option '{arg}'"),
        ErrorKind::InvalidValue if value.is_empty() => format!("option {arg} needs a value"),
        ErrorKind::TooManyValues => format!("option {arg} takes no value"),
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => {
            match std::error::Error::source(e) {
                Some(why) => invalid_value(&value, &arg, &why.to_string()),
                None => format!("invalid value '{value}' for {arg}"),
            }
        }
        // clap names a positional argument as `<SET_DIR>...`.
        ErrorKind::MissingRequiredArgument => format!(
            "missing {}",
            context(ContextKind::InvalidArg).unwrap_or_default().replace(['<', '>', '.'], "")
        ),
        // Anything else: clap's own first line, without its "error: ".
        _ => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_as_the_help_says() {
        assert_eq!(algorithm("DANAG"), Ok(Algorithm::Danag));
        assert!(algorithm("foo").unwrap_err().contains("addanag"));
        assert_eq!(filter("NONE"), Ok(LinkFilter::None));
        assert_eq!(filter("2"), Ok(LinkFilter::Strip));
        assert!(filter("4").is_err());
        assert_eq!(gap("0"), Ok(0));
        assert!(gap("-1").is_err() && gap("x").is_err() && count("1.5").is_err());
        assert_eq!(threads("2"), Ok(2));
        assert!(threads("0").is_err() && url("page.html").is_err());
    }

    /// The names the Python package sets options by reach the same parsers and messages as
    /// the command line's flags, and every name is one of them.
    #[test]
    fn options_set_by_name_read_as_the_command_line() {
        let mut o = ExtractOptions::default();
        o.set_value("algorithm", "DANAG").unwrap();
        o.set_value("filter", "2").unwrap();
        o.set_value("gap", "5").unwrap();
        o.set_value("candidate", "1").unwrap();
        o.set_value("url", "https://example.org/a").unwrap();
        o.set_flag("thesis", true).unwrap();
        o.set_flag("title_bound", true).unwrap();
        let options = o.options();
        assert_eq!(options.algorithm, Algorithm::Danag);
        assert_eq!(
            (options.filter, options.gap, options.candidate),
            (Some(LinkFilter::Strip), Some(5), 1)
        );
        assert!(options.title_bound && !options.prune && !options.lead);
        assert_eq!(
            o.set_value("gap", "x").unwrap_err(),
            "invalid value 'x' for gap (expected a whole number of lines, 0 or more)"
        );
        assert_eq!(
            o.set_value("algorithm", "foo").unwrap_err(),
            "invalid value 'foo' for algorithm (expected r2l, dana, danag or addanag)"
        );
        assert!(o
            .set_value("frobnicate", "1")
            .unwrap_err()
            .starts_with("unknown option 'frobnicate' (known options: algorithm,"));
        assert!(o.set_flag("gap", true).is_err() && o.set_value("thesis", "1").is_err());
        assert_eq!(o.options().gap, Some(5), "a refused value changes nothing");
        for name in ExtractOptions::VALUES {
            assert!(!o.set_value(name, "?").unwrap_err().starts_with("unknown"), "{name}");
        }
        for name in ExtractOptions::FLAGS {
            o.set_flag(name, false).unwrap();
        }
        assert_eq!(ExtractOptions::default().options(), Options::default());
    }
}
