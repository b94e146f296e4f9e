//! `dana`: the command-line front end of the engine.
//!
//! ```text
//! dana extract [OPTIONS] FILE|-            main content of one page on stdout
//! dana extract [OPTIONS] --out-dir DIR FILE...   one output file per page
//! dana eval ...                            evaluation over corpus sets (see `dana eval --help`)
//! ```
//!
//! Other tools script against this interface, so its rules are strict: every error is one line
//! on stderr (`dana: ...`), usage errors exit 2, I/O errors exit 1, and no output file is ever
//! left half written (each is written to a temporary file in DIR, then renamed into place).
//! Arguments are parsed by hand: the grammar is small and a parser crate would double the
//! binary.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dana::{Algorithm, Extraction, LinkFilter, Options};

const USAGE: &str = "\
dana: main-content extraction with the DANA family of algorithms (R2L, DANA, DANAg, AdDANAg)

Usage:
  dana extract [OPTIONS] FILE|-             print the main content of one page
  dana extract [OPTIONS] --out-dir DIR FILE...
                                            write DIR/<file stem>.txt|.html|.json per page
  dana eval [ARGS...]                       evaluate on corpus sets (dana eval --help)
  dana --help | --version

Run 'dana extract --help' for the extraction options.
";

const EXTRACT_USAGE: &str = "\
Usage: dana extract [OPTIONS] FILE|-
       dana extract [OPTIONS] --out-dir DIR FILE...

Prints the main content of an HTML page (FILE, or standard input for '-'). The page is read
as bytes and decoded by its byte-order mark, else as UTF-8 when valid, else by its declared
<meta> charset, else as windows-1252.

Options:
  --algorithm NAME   r2l, dana, danag or addanag (default: addanag)
  --filter F         hyperlink filter (thesis 4.6.1): none, 1 (remove links),
                     2 (strip link attributes), 3 (placeholder)
                     (default: 3 for addanag, none for the others)
  --gap N            Algorithm 1's gap in lines (default: 8 for r2l, 20 for the others)
  --format FMT       text (one block a line), html (article HTML) or json
                     (the whole result) (default: text)
  --url URL          the page's absolute URL; links and images are resolved against it
                     (without it, relative links and images are left out of the HTML)
  --title-bound      use the headline as the upper bound of the main content (thesis 7.2.1)
  --thesis           the algorithm exactly as the thesis defines it: our measured
                     refinements (prune, media, cluster, edges; see README) off
  --out-dir DIR      write one file per input into DIR (created if missing) instead of
                     printing; several FILEs allowed, '-' is not
  -h, --help         print this help

Options take their value as '--gap 8' or '--gap=8'; '--' ends the options.
When no article is found, the text output is empty, a note says why on stderr, and the exit
status is 0. Exit status: 0 success, 1 input/output error, 2 usage error.
";

/// What went wrong, and so which exit status the process ends with.
#[derive(Debug)]
enum CliError {
    /// A bad invocation: exit 2, with a hint to read the help.
    Usage(String),
    /// A file, directory or stream that could not be read or written: exit 1.
    Io(String),
    /// A failure reported by the evaluation harness: exit 1.
    Eval(String),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) | CliError::Eval(_) => 1,
        }
    }
}

fn main() -> ExitCode {
    one_line_panics();
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let mut stderr = io::stderr().lock();
            // Nothing more can be done if stderr itself is closed, so its errors are ignored.
            let _ = match &err {
                CliError::Usage(msg) => writeln!(stderr, "dana: {msg}\nTry 'dana --help' for more information."),
                CliError::Io(msg) | CliError::Eval(msg) => writeln!(stderr, "dana: {msg}"),
            };
            ExitCode::from(err.exit_code())
        }
    }
}

/// A panic is a bug in dana, never the input's fault; it still gets one line on stderr (the
/// process exits with status 101). `RUST_BACKTRACE` keeps Rust's own report with a backtrace.
fn one_line_panics() {
    if std::env::var_os("RUST_BACKTRACE").is_some() {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload.downcast_ref::<&str>().copied().or_else(|| payload.downcast_ref::<String>().map(String::as_str)).unwrap_or("panic");
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = msg.replace('\n', " ");
        let _ = writeln!(io::stderr().lock(), "dana: internal error (a bug, please report it): {msg}{place}");
    }));
}

/// The dispatcher: the first argument names the subcommand.
fn run(args: &[OsString]) -> Result<(), CliError> {
    let Some(first) = args.first() else {
        return Err(CliError::Usage("missing command (extract or eval)".into()));
    };
    match first.to_str() {
        Some("extract") => cmd_extract(&args[1..]),
        Some("eval") => cmd_eval(&args[1..]),
        Some("-h" | "--help" | "help") => write_stdout(USAGE.as_bytes()),
        Some("-V" | "--version") => write_stdout(format!("dana {}\n", env!("CARGO_PKG_VERSION")).as_bytes()),
        _ => Err(CliError::Usage(format!("unknown command '{}' (expected extract or eval)", first.to_string_lossy()))),
    }
}

/// `dana eval`: the evaluation harness in `dana::eval` owns its own arguments.
fn cmd_eval(args: &[OsString]) -> Result<(), CliError> {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.clone().into_string().map_err(|a| CliError::Usage(format!("argument is not valid UTF-8: {}", a.to_string_lossy()))))
        .collect::<Result<_, _>>()?;
    dana::eval::cli(&args).map_err(CliError::Eval)
}

/// Output formats of `dana extract`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Html,
    Json,
}

impl Format {
    fn parse(s: &str) -> Option<Format> {
        match s {
            "text" | "txt" => Some(Format::Text),
            "html" => Some(Format::Html),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// The extension of the files written with `--out-dir`.
    fn extension(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Html => "html",
            Format::Json => "json",
        }
    }

    /// The bytes written for one page.
    fn render(self, ex: &Extraction) -> Vec<u8> {
        match self {
            Format::Text => ex.text.clone().into_bytes(),
            Format::Html => format!("{}\n", ex.html).into_bytes(),
            Format::Json => {
                // Serialising plain data structs cannot fail; an error here would be a bug.
                let mut json = serde_json::to_string_pretty(ex).expect("Extraction serialises to JSON");
                json.push('\n');
                json.into_bytes()
            }
        }
    }
}

/// A parsed `dana extract` command line.
#[derive(Debug)]
struct ExtractArgs {
    options: Options,
    format: Format,
    out_dir: Option<PathBuf>,
    /// Input paths; `-` is standard input.
    inputs: Vec<PathBuf>,
    help: bool,
}

/// Parses the arguments after `extract`. Options may come before or after the files and take
/// their value as the next argument or after `=`; a later occurrence overrides an earlier one.
fn parse_extract_args(args: &[OsString]) -> Result<ExtractArgs, CliError> {
    let mut parsed = ExtractArgs { options: Options::default(), format: Format::Text, out_dir: None, inputs: Vec::new(), help: false };
    let mut it = args.iter();
    let mut options_ended = false;
    while let Some(arg) = it.next() {
        let Some(s) = arg.to_str().filter(|s| !options_ended && s.starts_with('-') && *s != "-") else {
            parsed.inputs.push(PathBuf::from(arg));
            continue;
        };
        if s == "--" {
            options_ended = true;
            continue;
        }
        let (name, inline_value) = match s.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (s, None),
        };
        // Takes the option's value: after '=' or the next argument.
        let mut value = |name: &str| -> Result<OsString, CliError> {
            match inline_value {
                Some(v) => Ok(OsString::from(v)),
                None => it.next().cloned().ok_or_else(|| CliError::Usage(format!("option {name} needs a value"))),
            }
        };
        match name {
            "-h" | "--help" => parsed.help = true,
            "--title-bound" | "--thesis" if inline_value.is_some() => {
                return Err(CliError::Usage(format!("option {name} takes no value")));
            }
            "--title-bound" => parsed.options.title_bound = true,
            "--thesis" => {
                let thesis = Options::thesis(parsed.options.algorithm);
                (parsed.options.prune, parsed.options.media, parsed.options.cluster, parsed.options.edges, parsed.options.article, parsed.options.fallback) =
                    (thesis.prune, thesis.media, thesis.cluster, thesis.edges, thesis.article, thesis.fallback);
            }
            "--algorithm" => {
                let v = utf8_value(name, value(name)?)?;
                parsed.options.algorithm = Algorithm::parse(&v)
                    .ok_or_else(|| CliError::Usage(format!("invalid value '{v}' for --algorithm (expected r2l, dana, danag or addanag)")))?;
            }
            "--filter" => {
                let v = utf8_value(name, value(name)?)?;
                let filter = LinkFilter::parse(&v.to_ascii_lowercase())
                    .ok_or_else(|| CliError::Usage(format!("invalid value '{v}' for --filter (expected none, 1, 2 or 3)")))?;
                parsed.options.filter = Some(filter);
            }
            "--gap" => {
                let v = utf8_value(name, value(name)?)?;
                let gap = v.parse::<usize>().map_err(|_| CliError::Usage(format!("invalid value '{v}' for --gap (expected a whole number of lines, 0 or more)")))?;
                parsed.options.gap = Some(gap);
            }
            "--format" => {
                let v = utf8_value(name, value(name)?)?;
                parsed.format = Format::parse(&v).ok_or_else(|| CliError::Usage(format!("invalid value '{v}' for --format (expected text, html or json)")))?;
            }
            "--url" => {
                let v = utf8_value(name, value(name)?)?;
                // Only an absolute URL can serve as the base of the page's relative links.
                if url::Url::parse(&v).is_err() {
                    return Err(CliError::Usage(format!("invalid value '{v}' for --url (expected an absolute URL such as https://example.org/page)")));
                }
                parsed.options.url = Some(v);
            }
            "--out-dir" => {
                let v = value(name)?;
                if v.is_empty() {
                    return Err(CliError::Usage("option --out-dir needs a non-empty directory".into()));
                }
                parsed.out_dir = Some(PathBuf::from(v));
            }
            _ => return Err(CliError::Usage(format!("unknown option '{s}'"))),
        }
    }
    Ok(parsed)
}

fn utf8_value(name: &str, v: OsString) -> Result<String, CliError> {
    v.into_string().map_err(|v| CliError::Usage(format!("invalid value '{}' for {name} (not valid UTF-8)", v.to_string_lossy())))
}

/// `dana extract`.
fn cmd_extract(args: &[OsString]) -> Result<(), CliError> {
    let a = parse_extract_args(args)?;
    if a.help {
        return write_stdout(EXTRACT_USAGE.as_bytes());
    }
    match &a.out_dir {
        None => {
            let input = match a.inputs.as_slice() {
                [one] => one,
                [] => return Err(CliError::Usage("missing FILE (use '-' for standard input)".into())),
                _ => return Err(CliError::Usage(format!("{} files given; several files need --out-dir DIR", a.inputs.len()))),
            };
            let bytes = read_input(input)?;
            let ex = extract_page(&bytes, input, &a.options);
            write_stdout(&a.format.render(&ex))
        }
        Some(dir) => extract_to_dir(dir, &a),
    }
}

/// `dana extract --out-dir DIR FILE...`: validates everything first, then writes each output
/// atomically, so an error never leaves a partial file and never overwrites an input.
fn extract_to_dir(dir: &Path, a: &ExtractArgs) -> Result<(), CliError> {
    if a.inputs.is_empty() {
        return Err(CliError::Usage("missing FILE for --out-dir".into()));
    }
    if a.inputs.iter().any(|p| p.as_os_str() == "-") {
        return Err(CliError::Usage("'-' (standard input) cannot be used with --out-dir: it has no file name".into()));
    }
    // Plan every output before touching the disk: two inputs with the same stem would
    // overwrite each other's output, and an output must never replace an input.
    let mut plan: Vec<(&PathBuf, PathBuf)> = Vec::with_capacity(a.inputs.len());
    for input in &a.inputs {
        check_readable(input)?;
        let stem = input.file_stem().ok_or_else(|| CliError::Usage(format!("{}: no file name to name the output after", input.display())))?;
        let mut name = stem.to_os_string();
        name.push(".");
        name.push(a.format.extension());
        let output = dir.join(name);
        if let Some((other, _)) = plan.iter().find(|(_, o)| *o == output) {
            return Err(CliError::Usage(format!("{} and {} would both be written to {}", other.display(), input.display(), output.display())));
        }
        plan.push((input, output));
    }
    for (_, output) in &plan {
        if output.is_dir() {
            return Err(CliError::Io(format!("cannot write {}: a directory is in the way", output.display())));
        }
        if let Ok(out) = fs::canonicalize(output) {
            if let Some(input) = a.inputs.iter().find(|i| fs::canonicalize(i).is_ok_and(|c| c == out)) {
                return Err(CliError::Usage(format!("{} would overwrite the input {}", output.display(), input.display())));
            }
        }
    }

    if dir.exists() && !dir.is_dir() {
        return Err(CliError::Io(format!("{}: not a directory", dir.display())));
    }
    fs::create_dir_all(dir).map_err(|e| CliError::Io(format!("cannot create directory {}: {}", dir.display(), io_reason(&e))))?;

    for (input, output) in &plan {
        let bytes = read_input(input)?;
        let ex = extract_page(&bytes, input, &a.options);
        write_atomically(output, &a.format.render(&ex))?;
    }
    Ok(())
}

/// Decodes and extracts one page; when no article is found, a note on stderr says why.
fn extract_page(bytes: &[u8], input: &Path, options: &Options) -> Extraction {
    let (html, _encoding) = dana::decode::decode(bytes);
    let ex = dana::extract(&html, options);
    if let Some(reason) = &ex.reason {
        let _ = writeln!(io::stderr().lock(), "dana: note: {}: no article found: {reason}", display_input(input));
    }
    ex
}

fn display_input(input: &Path) -> String {
    if input.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        input.display().to_string()
    }
}

/// Fails unless `input` is standard input or a readable file (not a directory).
fn check_readable(input: &Path) -> Result<(), CliError> {
    if input.as_os_str() == "-" {
        return Ok(());
    }
    if input.as_os_str().is_empty() {
        return Err(CliError::Usage("empty file name".into()));
    }
    let file = fs::File::open(input).map_err(|e| CliError::Io(format!("cannot read {}: {}", input.display(), io_reason(&e))))?;
    let meta = file.metadata().map_err(|e| CliError::Io(format!("cannot read {}: {}", input.display(), io_reason(&e))))?;
    if meta.is_dir() {
        return Err(CliError::Io(format!("{}: is a directory, not a file", input.display())));
    }
    Ok(())
}

/// Reads a whole page as bytes (`-` reads standard input).
fn read_input(input: &Path) -> Result<Vec<u8>, CliError> {
    check_readable(input)?;
    let mut bytes = Vec::new();
    let result = if input.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        fs::File::open(input).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    result.map_err(|e| CliError::Io(format!("cannot read {}: {}", display_input(input), io_reason(&e))))?;
    Ok(bytes)
}

/// Writes `bytes` to a temporary file beside `path` and renames it into place, so `path`
/// either keeps its old content or gets the whole new one.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |e: &io::Error| CliError::Io(format!("cannot write {}: {}", path.display(), io_reason(e)));
    // A hidden name in the same directory (rename is atomic only within one file system);
    // `create_new` never reuses a file left over by another run.
    let mut attempt = 0;
    let (tmp, mut file) = loop {
        let mut name = OsString::from(".");
        name.push(path.file_name().unwrap_or_default());
        name.push(format!(".{}-{attempt}.tmp", std::process::id()));
        let tmp = dir.join(name);
        match fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(fail(&e)),
        }
    };
    // sync before rename: after a crash the output is either absent, old, or whole.
    let written = file.write_all(bytes).and_then(|()| file.sync_all()).and_then(|()| fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        fail(&e)
    })
}

/// Writes to stdout; a closed pipe is an I/O error, not a panic.
fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|e| CliError::Io(format!("cannot write to standard output: {}", io_reason(&e))))
}

/// The OS error without Rust's " (os error N)" suffix, lowercase as in other messages.
fn io_reason(e: &io::Error) -> String {
    let s = e.to_string();
    let s = match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    };
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<ExtractArgs, CliError> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse_extract_args(&args)
    }

    #[test]
    fn values_after_space_or_equals_and_options_after_files() {
        let a = parse(&["page.html", "--gap=5", "--algorithm", "DANAG", "--filter", "2", "--format=json", "--title-bound", "--thesis"]).unwrap();
        assert!(!a.options.prune && !a.options.media && !a.options.cluster && !a.options.edges);
        assert_eq!(a.options.gap, Some(5));
        assert_eq!(a.options.algorithm, Algorithm::Danag);
        assert_eq!(a.options.filter, Some(LinkFilter::Strip));
        assert_eq!(a.format, Format::Json);
        assert!(a.options.title_bound);
        assert_eq!(a.inputs, vec![PathBuf::from("page.html")]);
    }

    #[test]
    fn double_dash_ends_options_and_dash_is_a_file() {
        let a = parse(&["--", "--gap", "-"]).unwrap();
        assert_eq!(a.inputs, vec![PathBuf::from("--gap"), PathBuf::from("-")]);
        assert_eq!(a.options.gap, None);
    }

    #[test]
    fn bad_values_are_usage_errors() {
        for bad in [
            &["--gap", "x"][..],
            &["--gap", "-1"],
            &["--gap"],
            &["--algorithm", "foo"],
            &["--filter", "4"],
            &["--format", "pdf"],
            &["--url", "not a url"],
            &["--title-bound=yes"],
            &["--thesis=1"],
            &["--out-dir="],
            &["--frobnicate"],
            &["-x"],
        ] {
            assert!(matches!(parse(bad), Err(CliError::Usage(_))), "{bad:?}");
        }
    }

    #[test]
    fn io_reason_drops_the_os_error_suffix() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&e), "no such file or directory");
    }
}
