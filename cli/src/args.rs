//! What `dana extract` and `dana eval` share on their command lines: the value parsers of the
//! engine's options (clap calls them; each error says what was expected) and the one-line
//! rendering of clap's errors in the CLI's own style (`dana: invalid value 'x' for --gap
//! (expected ...)`), which scripts and tests rely on.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use dana::{Algorithm, LinkFilter};

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
            let why = std::error::Error::source(e).map(|s| format!(" ({s})")).unwrap_or_default();
            format!("invalid value '{value}' for {arg}{why}")
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
    }
}
