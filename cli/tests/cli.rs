//! Tests of the `dana` binary itself: arguments, inputs as bytes, output formats, `--out-dir`,
//! and every error (exit status, one line on stderr, no partial output file).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn dana() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dana"))
}

fn run(args: &[&str]) -> Output {
    dana().args(args).output().expect("dana runs")
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    dana().current_dir(dir).args(args).output().expect("dana runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(rd) => rd.map(|e| e.unwrap().file_name().into_string().unwrap()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

/// Asserts a usage error: exit 2, `dana: <message>` containing `what`, then the help hint.
#[track_caller]
fn assert_usage_error(o: &Output, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "one error line and one hint: {err:?}");
    assert!(
        lines[0].starts_with("dana: ") && lines[0].contains(what),
        "{err:?} should mention {what:?}"
    );
    assert_eq!(lines[1], "Try 'dana --help' for more information.");
    assert!(o.stdout.is_empty(), "nothing on stdout after an error");
}

/// Asserts an I/O error: exit 1 and exactly one line `dana: <message>` containing `what`.
#[track_caller]
fn assert_io_error(o: &Output, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "exactly one line: {err:?}");
    assert!(
        lines[0].starts_with("dana: ") && lines[0].contains(what),
        "{err:?} should mention {what:?}"
    );
    assert!(!err.contains("panicked"));
}

/// A small article page written for these tests.
fn article(title: &str, paragraphs: &[&str]) -> String {
    let mut s = format!("<html><head><title>{title}</title></head><body>\n<div class=\"menu\"><a href=\"/\">Home</a> <a href=\"/a\">About</a> <a href=\"/c\">Contact</a></div>\n<div class=\"story\">\n<h1>{title}</h1>\n");
    for p in paragraphs {
        s.push_str(&format!("<p>{p}</p>\n"));
    }
    s.push_str(
        "</div>\n<div class=\"footer\"><a href=\"/privacy\">Privacy</a></div>\n</body></html>\n",
    );
    s
}

const P1: &str = "The harbour committee met on Thursday evening to discuss the new ferry timetable, which adds two early crossings on weekdays and one late crossing on Saturdays.";
const P2: &str = "Several members asked whether the island school would change its opening hours to match, and the committee agreed to write to the head teacher before the summer.";
const P3: &str = "The timetable starts on the first of May and will be reviewed in October, when the ferry company publishes its passenger numbers for the season.";

fn english_page() -> String {
    article("Ferry Timetable Changes", &[P1, P2, P3])
}

// ---- help, version, dispatch --------------------------------------------------------------------

#[test]
fn help_and_version() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let o = run(args);
        assert!(o.status.success());
        assert!(stdout(&o).contains("dana extract"), "{}", stdout(&o));
    }
    let o = run(&["extract", "--help"]);
    assert!(o.status.success());
    for opt in [
        "--algorithm",
        "--filter",
        "--gap",
        "--format",
        "--url",
        "--title-bound",
        "--thesis",
        "--out-dir",
    ] {
        assert!(stdout(&o).contains(opt), "extract --help mentions {opt}");
    }
    let o = run(&["--version"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), format!("dana {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn missing_or_unknown_command() {
    assert_usage_error(&run(&[]), "missing command");
    assert_usage_error(&run(&["frobnicate"]), "unknown command 'frobnicate'");
    assert_usage_error(&run(&["--frobnicate"]), "unknown command '--frobnicate'");
}

#[test]
fn eval_errors_are_one_line() {
    // `dana eval` belongs to the evaluation harness; the CLI only promises its error shape.
    let o = run(&["eval"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).starts_with("dana: "), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

// ---- extract: arguments --------------------------------------------------------------------------

#[test]
fn bad_arguments_are_usage_errors() {
    let dir = scratch("bad-args");
    fs::write(dir.join("a.html"), english_page()).unwrap();
    fs::write(dir.join("b.html"), english_page()).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["extract"], "missing FILE"),
        (&["extract", "--frobnicate", "a.html"], "unknown option '--frobnicate'"),
        (&["extract", "-x", "a.html"], "unknown option '-x'"),
        (&["extract", "--gap", "x", "a.html"], "invalid value 'x' for --gap"),
        (&["extract", "--gap=-3", "a.html"], "invalid value '-3' for --gap"),
        (&["extract", "a.html", "--gap"], "option --gap needs a value"),
        (&["extract", "--algorithm", "foo", "a.html"], "invalid value 'foo' for --algorithm"),
        (&["extract", "--filter", "9", "a.html"], "invalid value '9' for --filter"),
        (&["extract", "--format", "pdf", "a.html"], "invalid value 'pdf' for --format"),
        (
            &["extract", "--url", "example.org/page", "a.html"],
            "invalid value 'example.org/page' for --url",
        ),
        (&["extract", "--title-bound=1", "a.html"], "--title-bound takes no value"),
        (&["extract", "--thesis=yes", "a.html"], "--thesis takes no value"),
        (&["extract", "a.html", "b.html"], "several files need --out-dir"),
        (
            &["extract", "--out-dir", "out", "-"],
            "'-' (standard input) cannot be used with --out-dir",
        ),
        (&["extract", "--out-dir", "out"], "missing FILE"),
        (&["extract", ""], "empty file name"),
    ];
    for (args, what) in cases {
        let o = run_in(&dir, args);
        assert_usage_error(&o, what);
    }
    assert!(!dir.join("out").exists(), "no output directory after usage errors");
}

#[test]
fn option_forms_and_double_dash() {
    let dir = scratch("option-forms");
    fs::write(dir.join("-odd name.html"), english_page()).unwrap();
    let plain = run_in(&dir, &["extract", "--", "-odd name.html"]);
    assert!(plain.status.success(), "{}", stderr(&plain));
    assert!(stdout(&plain).contains(P2));
    // Value after '=' or as the next argument, options after the file, last one wins.
    let o = run_in(
        &dir,
        &[
            "extract",
            "--gap=3",
            "--algorithm",
            "dana",
            "--algorithm=DANAG",
            "--filter",
            "none",
            "--title-bound",
            "--thesis",
            "--",
            "-odd name.html",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(
        &dir,
        &[
            "extract",
            "--format",
            "json",
            "--gap",
            "7",
            "--algorithm=danag",
            "--filter=2",
            "--",
            "-odd name.html",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["gap"], 7);
    assert_eq!(v["algorithm"], "danag");
    assert_eq!(v["filter"], "strip");
}

// ---- extract: inputs -----------------------------------------------------------------------------

#[test]
fn text_of_a_file_and_of_stdin() {
    let dir = scratch("text");
    let page = english_page();
    fs::write(dir.join("page.html"), &page).unwrap();
    let o = run_in(&dir, &["extract", "page.html"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for p in [P1, P2, P3] {
        assert!(text.lines().any(|l| l == p), "{p:?} is a line of {text:?}");
    }
    assert!(!text.contains("Privacy"), "footer left out: {text:?}");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));

    let mut child = dana()
        .args(["extract", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(page.as_bytes()).unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert!(from_stdin.status.success(), "{}", stderr(&from_stdin));
    assert_eq!(stdout(&from_stdin), text, "stdin and file give the same text");
}

#[test]
fn every_format() {
    let dir = scratch("formats");
    let page = article("Ferry Timetable Changes", &[P1, "See <a href=\"/timetable.pdf\">the new timetable</a> for every crossing of the week, including the two early ones.", P3]);
    fs::write(dir.join("page.html"), &page).unwrap();

    let text = run_in(&dir, &["extract", "--format", "text", "page.html"]);
    assert_eq!(
        stdout(&text),
        stdout(&run_in(&dir, &["extract", "page.html"])),
        "text is the default"
    );

    let html = run_in(
        &dir,
        &["extract", "--format=html", "--url", "https://ferry.example/news/", "page.html"],
    );
    assert!(html.status.success());
    let html = stdout(&html);
    assert!(html.starts_with("<article>") && html.ends_with("</article>\n"), "{html}");
    assert!(
        html.contains("href=\"https://ferry.example/timetable.pdf\""),
        "links resolved against --url: {html}"
    );

    let json = run_in(&dir, &["extract", "--format", "json", "page.html"]);
    assert!(json.status.success());
    let raw = stdout(&json);
    assert!(raw.starts_with("{\n  \""), "pretty-printed: {}", &raw[..40.min(raw.len())]);
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
    for key in ["title", "text", "html", "blocks", "regions", "algorithm"] {
        assert!(v.get(key).is_some(), "json has {key}");
    }
    assert_eq!(v["algorithm"], "addanag");
    assert_eq!(v["text"].as_str().unwrap(), stdout(&text));
    assert!(v["reason"].is_null());
    assert!(v["blocks"].as_array().unwrap().len() >= 3);
}

#[test]
fn windows_1256_page_is_decoded_by_its_meta_charset() {
    let dir = scratch("cp1256");
    let arabic = [
        "افتتحت البلدية حديقة جديدة قرب النهر، وفيها ممرات للمشي ومقاعد تحت الأشجار وملعب صغير للأطفال.",
        "وقال المهندس المسؤول إن المشروع استغرق عامين، وإن الأشجار زرعت من أنواع تتحمل الحر وقلة الماء.",
        "وتفتح الحديقة أبوابها كل يوم من السادسة صباحا حتى العاشرة مساء، والدخول إليها مجاني للجميع.",
    ];
    let page = format!(
        "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1256\"><title>حديقة</title></head><body dir=\"rtl\">\n<ul><li><a href=\"/\">Home</a></li><li><a href=\"/x\">News</a></li></ul>\n<div>\n<h1>حديقة جديدة قرب النهر</h1>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>\n</div>\n</body></html>\n",
        arabic[0], arabic[1], arabic[2]
    );
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1256.encode(&page);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&bytes).is_err(), "the test page must not be valid UTF-8");
    fs::write(dir.join("ar.html"), &bytes).unwrap();
    for algorithm in ["r2l", "dana", "danag", "addanag"] {
        let o = run_in(&dir, &["extract", "--algorithm", algorithm, "ar.html"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.contains("حديقة جديدة قرب النهر") || algorithm == "r2l",
            "{algorithm}: {text}"
        );
        assert!(text.contains("وتفتح الحديقة أبوابها كل يوم"), "{algorithm}: {text}");
    }
}

#[test]
fn byte_order_marks() {
    let dir = scratch("bom");
    let page = english_page();
    fs::write(dir.join("plain.html"), &page).unwrap();
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend_from_slice(page.as_bytes());
    fs::write(dir.join("utf8.html"), &utf8).unwrap();
    let mut utf16 = b"\xFF\xFE".to_vec();
    utf16.extend(page.encode_utf16().flat_map(|u| u.to_le_bytes()));
    fs::write(dir.join("utf16.html"), &utf16).unwrap();

    let expected = stdout(&run_in(&dir, &["extract", "plain.html"]));
    assert!(expected.contains(P1));
    for f in ["utf8.html", "utf16.html"] {
        let o = run_in(&dir, &["extract", f]);
        assert!(o.status.success(), "{f}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{f}");
    }
}

#[test]
fn binary_junk_and_nul_bytes_do_not_crash() {
    let dir = scratch("junk");
    // A fixed pseudo-random sequence (64-bit LCG), so a failure reproduces.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let junk: Vec<u8> = (0..200_000)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 56) as u8
        })
        .collect();
    fs::write(dir.join("junk.bin"), &junk).unwrap();
    let mut with_nul = english_page().into_bytes();
    with_nul.splice(100..100, b"\0\0<\0p>\xff\xfe\0".iter().copied());
    fs::write(dir.join("nul.html"), &with_nul).unwrap();
    for f in ["junk.bin", "nul.html"] {
        for format in ["text", "html", "json"] {
            let o = run_in(&dir, &["extract", "--format", format, f]);
            assert_eq!(o.status.code(), Some(0), "{f} {format}: {}", stderr(&o));
            assert!(!stderr(&o).contains("panicked"));
            if format == "json" {
                serde_json::from_slice::<serde_json::Value>(&o.stdout)
                    .expect("valid JSON even for junk");
            }
        }
    }
}

#[test]
fn no_article_is_empty_text_and_a_note() {
    let dir = scratch("no-article");
    fs::write(dir.join("empty.html"), b"").unwrap();
    // Navigation alone is not content: `<nav>` is pruned before density.
    fs::write(dir.join("nav.html"), format!("<nav>{LINKS}</nav><script>var x = 1</script>"))
        .unwrap();
    for f in ["empty.html", "nav.html"] {
        let o = run_in(&dir, &["extract", f]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(o.stdout.is_empty(), "{f}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("dana: note: {f}: no article found: ")), "{err}");

        let o = run_in(&dir, &["extract", "--format", "json", f]);
        assert_eq!(o.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert!(v["reason"].as_str().is_some_and(|r| !r.is_empty()), "json carries the reason");
        assert_eq!(v["text"], "");
    }
}

const LINKS: &str = "<ul><li><a href=\"/a\">Alpha</a></li><li><a href=\"/b\">Beta</a></li></ul>";

/// A page whose only text is a bare link list has no region above the axis. The thesis returns
/// nothing; the default's last resort (`fallback`) gives the visible text rather than an empty
/// reader.
#[test]
fn visible_text_without_a_region_is_the_last_resort() {
    let dir = scratch("last-resort");
    fs::write(dir.join("links.html"), LINKS).unwrap();
    let o = run_in(&dir, &["extract", "links.html"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "Alpha\nBeta");
    let o = run_in(&dir, &["extract", "--thesis", "links.html"]);
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("no region above the axis"), "{}", stderr(&o));
}

// ---- extract: I/O errors -------------------------------------------------------------------------

#[test]
fn missing_file_and_directory_are_io_errors() {
    let dir = scratch("io-errors");
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("file.html"), english_page()).unwrap();
    assert_io_error(
        &run_in(&dir, &["extract", "nope.html"]),
        "cannot read nope.html: no such file or directory",
    );
    assert_io_error(&run_in(&dir, &["extract", "sub"]), "sub: is a directory");
    assert_io_error(
        &run_in(&dir, &["extract", "file.html/x.html"]),
        "cannot read file.html/x.html: not a directory",
    );
}

#[test]
fn closed_stdout_is_an_error_not_a_panic() {
    let dir = scratch("broken-pipe");
    // Big enough that the output cannot fit in a pipe buffer before the reader is gone.
    let paragraphs: Vec<String> = (0..4000).map(|i| format!("{P1} Paragraph {i}.")).collect();
    let refs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    fs::write(dir.join("big.html"), article("A long page", &refs)).unwrap();
    let mut child = dana()
        .current_dir(&dir)
        .args(["extract", "big.html"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before dana writes
    let o = child.wait_with_output().unwrap();
    assert_io_error(&o, "cannot write to standard output: broken pipe");
}

// ---- extract --out-dir -----------------------------------------------------------------------------

#[test]
fn out_dir_with_several_files_and_each_format() {
    let dir = scratch("out-dir");
    fs::create_dir(dir.join("in")).unwrap();
    fs::write(dir.join("in/first.html"), english_page()).unwrap();
    fs::write(dir.join("in/second.page.htm"), article("Second", &[P3, P2, P1])).unwrap();
    fs::write(dir.join("in/empty.html"), b"").unwrap();
    for (format, ext) in [("text", "txt"), ("html", "html"), ("json", "json")] {
        let out = format!("out/{format}/nested");
        let o = run_in(
            &dir,
            &[
                "extract",
                "--format",
                format,
                "--out-dir",
                &out,
                "in/first.html",
                "in/second.page.htm",
                "in/empty.html",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains("in/empty.html: no article found"), "{}", stderr(&o));
        let out = dir.join(&out);
        assert_eq!(
            files_in(&out),
            vec![format!("empty.{ext}"), format!("first.{ext}"), format!("second.page.{ext}")],
            "no temporary files left"
        );
        // Each file holds exactly what printing would have printed.
        for (input, stem) in [
            ("in/first.html", "first"),
            ("in/second.page.htm", "second.page"),
            ("in/empty.html", "empty"),
        ] {
            let printed = run_in(&dir, &["extract", "--format", format, input]).stdout;
            assert_eq!(
                fs::read(out.join(format!("{stem}.{ext}"))).unwrap(),
                printed,
                "{stem}.{ext}"
            );
        }
    }
    // Writing again replaces the outputs in place.
    let o = run_in(&dir, &["extract", "--out-dir", "out/text/nested", "in/first.html"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(files_in(&dir.join("out/text/nested")).len(), 3);
}

#[test]
fn out_dir_checks_every_input_before_writing_anything() {
    let dir = scratch("out-dir-inputs");
    fs::write(dir.join("a.html"), english_page()).unwrap();
    fs::create_dir(dir.join("adir")).unwrap();
    assert_io_error(
        &run_in(&dir, &["extract", "--out-dir", "out", "a.html", "missing.html"]),
        "cannot read missing.html",
    );
    assert_io_error(
        &run_in(&dir, &["extract", "--out-dir", "out", "a.html", "adir"]),
        "adir: is a directory",
    );
    assert!(!dir.join("out").exists(), "nothing written when an input is unreadable");

    // Two inputs that would write the same output file.
    fs::create_dir(dir.join("other")).unwrap();
    fs::write(dir.join("other/a.html"), english_page()).unwrap();
    assert_usage_error(
        &run_in(&dir, &["extract", "--out-dir", "out", "a.html", "other/a.html"]),
        "would both be written to out/a.txt",
    );
    assert!(!dir.join("out").exists());

    // An output that would replace one of the inputs.
    fs::write(dir.join("notes.txt"), "<p>my own notes</p>").unwrap();
    assert_usage_error(
        &run_in(&dir, &["extract", "--out-dir", ".", "notes.txt"]),
        "would overwrite the input notes.txt",
    );
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "<p>my own notes</p>");
}

#[cfg(unix)]
#[test]
fn file_names_need_not_be_utf8() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("non-utf8-name");
    let name = OsStr::from_bytes(b"caf\xe9.html");
    fs::write(dir.join(name), english_page()).unwrap();
    let o = dana()
        .current_dir(&dir)
        .arg("extract")
        .arg("--out-dir")
        .arg("out")
        .arg(name)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = fs::read(dir.join("out").join(OsStr::from_bytes(b"caf\xe9.txt"))).unwrap();
    assert!(String::from_utf8(written).unwrap().contains(P1));
}

#[test]
fn unwritable_out_dir_is_an_io_error_and_leaves_nothing() {
    let dir = scratch("out-dir-unwritable");
    fs::write(dir.join("a.html"), english_page()).unwrap();
    fs::write(dir.join("plain-file"), "x").unwrap();
    assert_io_error(
        &run_in(&dir, &["extract", "--out-dir", "plain-file", "a.html"]),
        "plain-file: not a directory",
    );
    assert_io_error(
        &run_in(&dir, &["extract", "--out-dir", "plain-file/sub", "a.html"]),
        "cannot create directory plain-file/sub",
    );
    // A file system nobody may create directories in, root included.
    if Path::new("/proc/self").exists() {
        assert_io_error(
            &run_in(&dir, &["extract", "--out-dir", "/proc/dana-cli-test", "a.html"]),
            "cannot create directory /proc/dana-cli-test",
        );
    }
    // A directory where the output file should go.
    fs::create_dir_all(dir.join("out/a.txt")).unwrap();
    assert_io_error(
        &run_in(&dir, &["extract", "--out-dir", "out", "a.html"]),
        "cannot write out/a.txt: a directory is in the way",
    );
    assert_eq!(files_in(&dir.join("out")), vec!["a.txt".to_string()]);

    // A directory without write permission (root ignores permissions, so only as a user).
    let locked = dir.join("locked");
    fs::create_dir(&locked).unwrap();
    let probe = locked.join("probe");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
        if fs::write(&probe, "x").is_ok() {
            let _ = fs::remove_file(&probe);
            eprintln!("note: running as root, the read-only directory case is not checked");
        } else {
            assert_io_error(
                &run_in(&dir, &["extract", "--out-dir", "locked", "a.html"]),
                "cannot write locked/a.txt: permission denied",
            );
            assert!(
                files_in(&locked).is_empty(),
                "no temporary file left: {:?}",
                files_in(&locked)
            );
        }
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// Readers' comments under an article (the golden page `comments-news`): left out of the text
/// and carried apart in the json output; `--with-comments` keeps them in the text.
#[test]
fn comments_apart_and_with_comments() {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/golden/comments-news/input.html");
    let comment = "The harbour wall has needed this work";
    let plain = run(&["extract", page]);
    assert!(plain.status.success(), "{}", stderr(&plain));
    assert!(
        stdout(&plain).contains("Repairs to the eastern arm") && !stdout(&plain).contains(comment)
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&run(&["extract", "--format", "json", page]))).unwrap();
    assert_eq!(json["comments"]["count"], 30);
    assert!(json["comments"]["text"].as_str().unwrap().contains(comment));
    let with = run(&["extract", "--with-comments", page]);
    assert!(with.status.success(), "{}", stderr(&with));
    assert!(stdout(&with).contains(comment));
}
