//! `dana`: the command-line front end of the engine.
//!
//! ```text
//! dana extract [OPTIONS] FILE|-            main content of one page on stdout
//! dana extract [OPTIONS] --out-dir DIR FILE...   one output file per page
//! dana extract [OPTIONS] --warc FILE [--out FILE]  one JSON line per HTML record of a WARC
//! dana eval [OPTIONS] SET_DIR...           evaluation over corpus sets (see `dana eval --help`)
//! ```
//!
//! Other tools script against this interface, so its rules are strict: every error is one line
//! on stderr (`dana: ...`), usage errors exit 2, I/O errors exit 1, and no output file is ever
//! left half written (each is written to a temporary file in DIR, then renamed into place).
//! clap parses the arguments; [`dana_cli::args::usage_message`] words its errors.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{OsStringValueParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use dana::{Extraction, Options};
use dana_cli::args::{self, ExtractOptions};
use dana_cli::batch::{Batch, Outcome};
use dana_cli::eval;
use indicatif::{ProgressBar, ProgressStyle};

/// dana: main-content extraction with the DANA family of algorithms (R2L, DANA, DANAg, AdDANAg)
#[derive(Debug, Parser)]
#[command(
    name = "dana",
    version,
    subcommand_required = true,
    max_term_width = 100,
    override_usage = "dana extract [OPTIONS] FILE|-\n       dana extract [OPTIONS] --out-dir DIR FILE...\n       dana extract [OPTIONS] --warc FILE [--out FILE]\n       dana eval [OPTIONS] SET_DIR...",
    after_help = "Run 'dana extract --help' for the extraction options, 'dana eval --help' for the evaluation's."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the main content of one page, or write one file per page with --out-dir
    ///
    /// Prints the main content of an HTML page (FILE, or standard input for '-'). The page is
    /// read as bytes and decoded by its byte-order mark, else as UTF-8 when valid, else by its
    /// declared <meta> charset, else as windows-1252.
    Extract(ExtractArgs),
    /// Evaluate on corpus sets (SET_DIR/index.jsonl, pages/, gold/)
    ///
    /// Runs the engine over corpus sets (SET_DIR/index.jsonl, pages/<id>.html, gold/<id>.txt)
    /// and prints, per set and configuration, LCS precision/recall/F1 (thesis eq. 4.1, word
    /// tokens, averaged over pages), the word 4-gram shingle precision/recall/F1 of the
    /// article-extraction-benchmark, and MB/s (page bytes / decode + extract time on one thread,
    /// counted in thread CPU time so that other processes on the machine do not lower it).
    /// Arguments that are files, not directories, are skipped with a note (so SET_DIR/* works).
    Eval(eval::EvalArgs),
}

/// Output formats of `dana extract`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Html,
    Json,
}

impl Format {
    fn parse(s: &str) -> Result<Format, String> {
        match s {
            "text" | "txt" => Ok(Format::Text),
            "html" => Ok(Format::Html),
            "json" => Ok(Format::Json),
            _ => Err("expected text, html or json".into()),
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
                let mut json =
                    serde_json::to_string_pretty(ex).expect("Extraction serialises to JSON");
                json.push('\n');
                json.into_bytes()
            }
        }
    }
}

fn parse_out_dir(s: &str) -> Result<PathBuf, String> {
    if s.is_empty() {
        return Err("expected a non-empty directory".into());
    }
    Ok(PathBuf::from(s))
}

fn parse_out_file(s: &str) -> Result<PathBuf, String> {
    if s.is_empty() {
        return Err("expected a file name".into());
    }
    Ok(PathBuf::from(s))
}

/// The arguments of `dana extract` (its help text is [`Command::Extract`]'s documentation).
// Options take their value as '--gap 8' or '--gap=8' (even a value that starts with '-'),
// options and files may come in any order, and a later occurrence overrides an earlier one.
#[derive(Debug, clap::Args)]
#[command(
    args_override_self = true,
    override_usage = "dana extract [OPTIONS] FILE|-\n       dana extract [OPTIONS] --out-dir DIR FILE...\n       dana extract [OPTIONS] --warc FILE [--out FILE]",
    after_help = "Options take their value as '--gap 8' or '--gap=8'; '--' ends the options.\n\
                  When no article is found, the text output is empty, a note says why on stderr, and the exit\n\
                  status is 0. Exit status: 0 success, 1 input/output error, 2 usage error."
)]
struct ExtractArgs {
    #[command(flatten)]
    options: ExtractOptions,
    /// text (one block a line), html (article HTML) or json (the whole result) (default: text)
    #[arg(long, value_name = "FMT", allow_hyphen_values = true, value_parser = Format::parse)]
    format: Option<Format>,
    /// Write one file per input into DIR (created if missing) instead of printing; several
    /// FILEs allowed, '-' is not
    #[arg(long, value_name = "DIR", allow_hyphen_values = true, value_parser = parse_out_dir)]
    out_dir: Option<PathBuf>,
    /// Read the HTML responses of a WARC file (.warc or .warc.gz) and write one JSON line per
    /// record: WARC-Record-ID, WARC-Target-URI, WARC-Date, title, text, lang, dir, byline,
    /// published, readerable. A bad record is reported on stderr and skipped
    #[arg(long, value_name = "FILE", value_parser = OsStringValueParser::new().map(PathBuf::from))]
    warc: Option<PathBuf>,
    /// With --warc: write the JSON lines to FILE (gzip-compressed when it ends in .gz), whole or
    /// not at all, instead of standard output
    #[arg(long, value_name = "FILE", allow_hyphen_values = true, value_parser = parse_out_file)]
    out: Option<PathBuf>,
    /// With --warc: pages extracted in parallel (default: every core)
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = args::threads)]
    threads: Option<usize>,
    /// With --warc: no progress bar (it is only drawn on a terminal)
    #[arg(long)]
    quiet: bool,
    /// The pages; '-' is standard input
    // Any OS string, the empty one too: `check_readable` says what is wrong with it.
    #[arg(value_name = "FILE", value_parser = OsStringValueParser::new().map(PathBuf::from))]
    inputs: Vec<PathBuf>,
}

impl ExtractArgs {
    /// The engine's options these arguments ask for.
    fn options(&self) -> Options {
        self.options.options()
    }

    fn format(&self) -> Format {
        self.format.unwrap_or(Format::Text)
    }
}

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
    let args: Vec<OsString> = std::env::args_os().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let mut stderr = io::stderr().lock();
            // Nothing more can be done if stderr itself is closed, so its errors are ignored.
            let _ = match &err {
                CliError::Usage(msg) => {
                    writeln!(stderr, "dana: {msg}\nTry 'dana --help' for more information.")
                }
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
        let msg = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("panic");
        let place =
            info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = msg.replace('\n', " ");
        let _ = writeln!(
            io::stderr().lock(),
            "dana: internal error (a bug, please report it): {msg}{place}"
        );
    }));
}

/// Parses the command line (`args[0]` is the program) and runs the subcommand.
fn run(args: &[OsString]) -> Result<(), CliError> {
    match parse(args)? {
        None => Ok(()),
        Some(Command::Extract(a)) => cmd_extract(&a),
        Some(Command::Eval(a)) => eval::run(&a, &mut io::stdout().lock()).map_err(CliError::Eval),
    }
}

/// The subcommand and its arguments; `None` when help or the version was asked for (and
/// printed on stdout).
fn parse(args: &[OsString]) -> Result<Option<Command>, CliError> {
    match Cli::try_parse_from(args) {
        Ok(cli) => Ok(Some(cli.command)),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            write_stdout(e.render().to_string().as_bytes()).map(|()| None)
        }
        Err(e) => {
            let command =
                args.get(1).and_then(|a| a.to_str()).filter(|a| matches!(*a, "extract" | "eval"));
            Err(CliError::Usage(args::usage_message(&e, command)))
        }
    }
}

/// `dana extract`.
fn cmd_extract(a: &ExtractArgs) -> Result<(), CliError> {
    let options = a.options();
    if let Some(warc) = &a.warc {
        return extract_warc(warc, a, &options);
    }
    for (given, flag) in [(a.out.is_some(), "--out"), (a.threads.is_some(), "--threads")] {
        if given {
            return Err(CliError::Usage(format!("{flag} goes with --warc FILE")));
        }
    }
    match &a.out_dir {
        None => {
            let input = match a.inputs.as_slice() {
                [one] => one,
                [] => {
                    return Err(CliError::Usage("missing FILE (use '-' for standard input)".into()))
                }
                _ => {
                    return Err(CliError::Usage(format!(
                        "{} files given; several files need --out-dir DIR",
                        a.inputs.len()
                    )))
                }
            };
            let bytes = read_input(input)?;
            let ex = extract_page(&bytes, input, &options);
            write_stdout(&a.format().render(&ex))
        }
        Some(dir) => extract_to_dir(dir, a, &options),
    }
}

/// `dana extract --out-dir DIR FILE...`: validates everything first, then writes each output
/// atomically, so an error never leaves a partial file and never overwrites an input.
fn extract_to_dir(dir: &Path, a: &ExtractArgs, options: &Options) -> Result<(), CliError> {
    if a.inputs.is_empty() {
        return Err(CliError::Usage("missing FILE for --out-dir".into()));
    }
    if a.inputs.iter().any(|p| p.as_os_str() == "-") {
        return Err(CliError::Usage(
            "'-' (standard input) cannot be used with --out-dir: it has no file name".into(),
        ));
    }
    // Plan every output before touching the disk: two inputs with the same stem would
    // overwrite each other's output, and an output must never replace an input.
    let mut plan: Vec<(&PathBuf, PathBuf)> = Vec::with_capacity(a.inputs.len());
    for input in &a.inputs {
        check_readable(input)?;
        let stem = input.file_stem().ok_or_else(|| {
            CliError::Usage(format!("{}: no file name to name the output after", input.display()))
        })?;
        let mut name = stem.to_os_string();
        name.push(".");
        name.push(a.format().extension());
        let output = dir.join(name);
        if let Some((other, _)) = plan.iter().find(|(_, o)| *o == output) {
            return Err(CliError::Usage(format!(
                "{} and {} would both be written to {}",
                other.display(),
                input.display(),
                output.display()
            )));
        }
        plan.push((input, output));
    }
    for (_, output) in &plan {
        if output.is_dir() {
            return Err(CliError::Io(format!(
                "cannot write {}: a directory is in the way",
                output.display()
            )));
        }
        if let Ok(out) = fs::canonicalize(output) {
            if let Some(input) =
                a.inputs.iter().find(|i| fs::canonicalize(i).is_ok_and(|c| c == out))
            {
                return Err(CliError::Usage(format!(
                    "{} would overwrite the input {}",
                    output.display(),
                    input.display()
                )));
            }
        }
    }

    if dir.exists() && !dir.is_dir() {
        return Err(CliError::Io(format!("{}: not a directory", dir.display())));
    }
    fs::create_dir_all(dir).map_err(|e| {
        CliError::Io(format!("cannot create directory {}: {}", dir.display(), io_reason(&e)))
    })?;

    for (input, output) in &plan {
        let bytes = read_input(input)?;
        let ex = extract_page(&bytes, input, options);
        write_atomically(output, &a.format().render(&ex))?;
    }
    Ok(())
}

/// `dana extract --warc FILE`: one JSON line per HTML response, in the file's order, on stdout
/// or into `--out` (written to a temporary file beside it and renamed when complete).
fn extract_warc(warc: &Path, a: &ExtractArgs, options: &Options) -> Result<(), CliError> {
    let conflict = if !a.inputs.is_empty() {
        Some("FILE arguments")
    } else if a.out_dir.is_some() {
        Some("--out-dir (use --out FILE)")
    } else if a.options.url.is_some() {
        Some("--url (each record has its own)")
    } else if a.format.is_some_and(|f| f != Format::Json) {
        Some("--format (the output is JSON lines)")
    } else {
        None
    };
    if let Some(what) = conflict {
        return Err(CliError::Usage(format!("--warc cannot be used with {what}")));
    }
    check_readable(warc)?;
    if let Some(out) = &a.out {
        if out.is_dir() {
            return Err(CliError::Io(format!("cannot write {}: it is a directory", out.display())));
        }
        if fs::canonicalize(out).is_ok_and(|o| fs::canonicalize(warc).is_ok_and(|w| w == o)) {
            return Err(CliError::Usage(format!("{} would overwrite the input", out.display())));
        }
    }
    let threads =
        a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let batch = Batch::start(warc, options, threads)
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", warc.display(), io_reason(&e))))?;
    let size = fs::metadata(warc).map(|m| m.len()).unwrap_or(0);
    let progress = if a.quiet { ProgressBar::hidden() } else { warc_progress_bar(size) };
    let read = batch.bytes_read();
    let (mut pages, mut bad) = (0u64, 0u64);
    let write_lines = |out: &mut dyn Write| -> io::Result<()> {
        for outcome in batch {
            match outcome {
                Outcome::Line(line) => {
                    out.write_all(line.to_json().as_bytes())?;
                    out.write_all(b"\n")?;
                    pages += 1;
                }
                Outcome::Bad(why) => {
                    bad += 1;
                    progress.suspend(|| {
                        let _ = writeln!(io::stderr().lock(), "dana: {}: {why}", warc.display());
                    });
                }
            }
            progress.set_position(read.load(std::sync::atomic::Ordering::Relaxed));
        }
        Ok(())
    };
    match &a.out {
        None => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            write_lines(&mut out).and_then(|()| out.flush()).map_err(|e| {
                CliError::Io(format!("cannot write to standard output: {}", io_reason(&e)))
            })?;
        }
        Some(path) => write_stream_atomically(path, |file| {
            if path.extension().is_some_and(|e| e == "gz") {
                let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
                write_lines(&mut gz)?;
                gz.finish()?.flush()
            } else {
                write_lines(file)?;
                file.flush()
            }
        })?,
    }
    progress.finish_and_clear();
    if bad > 0 {
        let _ = writeln!(
            io::stderr().lock(),
            "dana: {}: {pages} pages written, {bad} bad records skipped",
            warc.display()
        );
    }
    Ok(())
}

/// The progress bar of `--warc`, over the bytes of the file: drawn only on a terminal.
fn warc_progress_bar(bytes: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "[{bar:30}] {bytes}/{total_bytes} {binary_bytes_per_sec} {elapsed}, {eta} left",
    )
    .expect("a valid template")
    .progress_chars("#-");
    ProgressBar::new(bytes).with_style(style)
}

/// Decodes and extracts one page; when no article is found, a note on stderr says why.
fn extract_page(bytes: &[u8], input: &Path, options: &Options) -> Extraction {
    // A file has no transport-layer charset.
    let (html, _encoding) = dana::decode(bytes, None);
    let ex = dana::extract(&html, options);
    if let Some(reason) = &ex.reason {
        let _ = writeln!(
            io::stderr().lock(),
            "dana: note: {}: no article found: {reason}",
            display_input(input)
        );
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
    let file = fs::File::open(input)
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", input.display(), io_reason(&e))))?;
    let meta = file
        .metadata()
        .map_err(|e| CliError::Io(format!("cannot read {}: {}", input.display(), io_reason(&e))))?;
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
    result.map_err(|e| {
        CliError::Io(format!("cannot read {}: {}", display_input(input), io_reason(&e)))
    })?;
    Ok(bytes)
}

/// Writes `bytes` to a temporary file beside `path` and renames it into place, so `path`
/// either keeps its old content or gets the whole new one.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    write_stream_atomically(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] for output written as it comes: `write` writes it into the temporary
/// file, which is renamed into place only when `write` succeeded.
fn write_stream_atomically(
    path: &Path,
    write: impl FnOnce(&mut io::BufWriter<&fs::File>) -> io::Result<()>,
) -> Result<(), CliError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail =
        |e: &io::Error| CliError::Io(format!("cannot write {}: {}", path.display(), io_reason(e)));
    // A hidden name in the same directory (rename is atomic only within one file system);
    // `create_new` never reuses a file left over by another run.
    let mut attempt = 0;
    let (tmp, file) = loop {
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
    let written = {
        let mut buffered = io::BufWriter::with_capacity(1 << 16, &file);
        write(&mut buffered).and_then(|()| buffered.flush())
    };
    let written = written.and_then(|()| file.sync_all()).and_then(|()| fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        fail(&e)
    })
}

/// Writes to stdout; a closed pipe is an I/O error, not a panic.
fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::Io(format!("cannot write to standard output: {}", io_reason(&e))))
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
    use dana::{Algorithm, LinkFilter};

    fn parse_extract(argv: &[&str]) -> Result<ExtractArgs, CliError> {
        let args: Vec<OsString> =
            ["dana", "extract"].iter().chain(argv).map(OsString::from).collect();
        match parse(&args)? {
            Some(Command::Extract(a)) => Ok(a),
            other => panic!("not an extract command: {other:?}"),
        }
    }

    #[test]
    fn values_after_space_or_equals_and_options_after_files() {
        let a = parse_extract(&[
            "page.html",
            "--gap=5",
            "--algorithm",
            "DANAG",
            "--filter",
            "2",
            "--format=json",
            "--title-bound",
            "--thesis",
        ])
        .unwrap();
        let o = a.options();
        assert!(!o.prune && !o.media && !o.cluster && !o.edges);
        assert_eq!(o.gap, Some(5));
        assert_eq!(o.algorithm, Algorithm::Danag);
        assert_eq!(o.filter, Some(LinkFilter::Strip));
        assert_eq!(a.format(), Format::Json);
        assert!(o.title_bound);
        assert_eq!(a.inputs, vec![PathBuf::from("page.html")]);
    }

    #[test]
    fn defaults_are_the_engines() {
        let a = parse_extract(&["page.html"]).unwrap();
        assert_eq!(a.options(), Options::default());
        assert_eq!(a.format(), Format::Text);
        assert_eq!(a.out_dir, None);
    }

    #[test]
    fn double_dash_ends_options_and_dash_is_a_file() {
        let a = parse_extract(&["--", "--gap", "-"]).unwrap();
        assert_eq!(a.inputs, vec![PathBuf::from("--gap"), PathBuf::from("-")]);
        assert_eq!(a.options.gap, None);
    }

    #[test]
    fn a_later_occurrence_overrides_an_earlier_one() {
        let a = parse_extract(&[
            "--algorithm",
            "dana",
            "--algorithm=r2l",
            "--gap",
            "3",
            "--gap",
            "4",
            "p.html",
        ])
        .unwrap();
        assert_eq!((a.options().algorithm, a.options.gap), (Algorithm::R2l, Some(4)));
    }

    #[test]
    fn bad_values_are_usage_errors_that_say_what_was_wrong() {
        for (bad, what) in [
            (
                &["--gap", "x"][..],
                "invalid value 'x' for --gap (expected a whole number of lines, 0 or more)",
            ),
            (&["--gap", "-1"], "invalid value '-1' for --gap"),
            (&["--gap"], "option --gap needs a value"),
            (
                &["--algorithm", "foo"],
                "invalid value 'foo' for --algorithm (expected r2l, dana, danag or addanag)",
            ),
            (&["--filter", "4"], "invalid value '4' for --filter (expected none, 1, 2 or 3)"),
            (
                &["--format", "pdf"],
                "invalid value 'pdf' for --format (expected text, html or json)",
            ),
            (&["--url", "not a url"], "invalid value 'not a url' for --url"),
            (&["--title-bound=yes"], "option --title-bound takes no value"),
            (&["--thesis=1"], "option --thesis takes no value"),
            (&["--out-dir="], "invalid value '' for --out-dir (expected a non-empty directory)"),
            (&["--frobnicate"], "unknown option '--frobnicate'"),
            (&["-x"], "unknown option '-x'"),
        ] {
            match parse_extract(bad) {
                Err(CliError::Usage(msg)) => {
                    assert_eq!(&msg[..what.len().min(msg.len())], what, "{bad:?}: {msg}")
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn commands_are_checked_first() {
        for (argv, what) in [
            (&["dana"][..], "missing command (extract or eval)"),
            (&["dana", "frob"], "unknown command 'frob'"),
            (&["dana", "--frob"], "unknown command '--frob'"),
        ] {
            let args: Vec<OsString> = argv.iter().map(OsString::from).collect();
            match parse(&args) {
                Err(CliError::Usage(msg)) => assert!(msg.starts_with(what), "{argv:?}: {msg}"),
                other => panic!("{argv:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn io_reason_drops_the_os_error_suffix() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&e), "no such file or directory");
    }
}
