//! Our tokenizer (`dana::tokenize`) against html5gum, the WHATWG tokenizer it replaced, with
//! the same settings preprocessing used (default emitter, naive state switching): the same
//! start tags (names, attributes, self-closing flags), end tags and text
//! (`fuzz/src/lib.rs`, `tokenizers_agree`), on hand-written edge cases, on generated pages built
//! from the constructs where tokenizers differ, on the XSS payloads and on the corpus. The
//! fuzz target `tokenize` (scripts/fuzz.sh) runs the same comparison on libFuzzer's inputs.

use std::path::PathBuf;

// The comparison is the fuzz target's (`tokenize`), so the fuzzer and these tests check the same.
#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod dana_fuzz;

#[path = "support/corpus.rs"]
mod corpus_support;
use corpus_support::corpus_dir;

fn check(html: &str, what: &str) {
    if let Err(e) = dana_fuzz::tokenizers_agree(html) {
        panic!("{what}: {e}");
    }
}

#[test]
fn hand_written_edge_cases() {
    for html in [
        "",
        "<",
        "</",
        "</>",
        "<3 a < b",
        "<p class=a CLASS=b id='c' data-x=\"&amp;&copy=&notit;&#x41;&#65&#0;&#xD800;&#x110000;&#150;\">",
        "<a href=?a=1&copy=2&amp;b&lt>x</a>",
        "<img src=x/><br/ ><input disabled><P\0X>",
        "x &notin; &noti; &amp &AMP; &#; &#x; &# &",
        "<!----><!---><!--><!-- a --!> b <!-- c --> d <!-- <!-- e --> f",
        "<!DOCTYPE html PUBLIC \"a>b\"> t <?xml x?> u <!x> v <![CDATA[w]]>",
        "<title>a &amp; <b> </titlex> </title ><p>",
        "<textarea>x</TEXTAREA>y",
        "<style>a</style b=c><p>",
        "<script>if (a<b) x = '</scr' + 'ipt>';</script>z",
        "<script><!-- <script> </script> --></script>after",
        "<script><!--a--><b></script>c",
        "<script><!-- -- -> </script>d",
        "<noscript><p>x</p></noscript>y",
        "<plaintext></plaintext><p>",
        "a\r\nb\rc\n\r<p\rclass=\"x\r\ny\">",
        "<div =x a = b c= \"d\" e ='f'g h=i/ j>",
        "<p a=\"x\"b='y'c>",
        "<a b=\"unterminated",
        "<a b",
        "<a/",
        "text\0with nul<script>\0</script><title>\0</title>",
        "<ŝ ĥ=ĵ>é</ŝ>",
    ] {
        check(html, html);
    }
}

/// A small deterministic generator (xorshift), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn generated_pages() {
    const PIECES: &[&str] = &[
        "<",
        ">",
        "</",
        "/>",
        "<!--",
        "-->",
        "--!>",
        "-",
        "!",
        "<!",
        "<?",
        "&",
        "&amp",
        "&amp;",
        "&#",
        "&#x",
        "&#12",
        "&#x1F;",
        "&notit;",
        "&copy=",
        "&Aacute",
        "=",
        "\"",
        "'",
        "/",
        " ",
        "\n",
        "\r",
        "\r\n",
        "\t",
        "\0",
        "a",
        "B",
        "x1",
        "script",
        "title",
        "style",
        "textarea",
        "plaintext",
        "noscript",
        "iframe",
        "xmp",
        "<script>",
        "</script>",
        "<title>",
        "</title>",
        "<style>",
        "</style>",
        "<!--<script>",
        "<p",
        "<P ",
        " class",
        "=x",
        "[CDATA[",
        "DOCTYPE",
        "`",
        "é",
        "ж",
        "ن",
        "<a href=",
        "<img ",
        "</a>",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..30_000 {
        let n = 1 + (rng.next() % 30) as usize;
        let html: String =
            (0..n).map(|_| PIECES[(rng.next() % PIECES.len() as u64) as usize]).collect();
        check(&html, &format!("generated case {case}"));
    }
}

#[test]
fn xss_payloads() {
    let path = std::env::var_os("DANA_XSS_PAYLOADS").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/security/xss-payloads.txt")
    });
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {} not found; skipped", path.display());
        return;
    };
    let mut n = 0;
    for line in text.lines() {
        check(line, line);
        check(&format!("<div title=\"{line}\">{line}</div>"), line);
        n += 1;
    }
    assert!(n > 1000, "expected the 6,613 payloads, read {n}");
}

#[test]
fn corpus_pages() {
    let root = corpus_dir();
    let mut n = 0;
    for set in ["cleaneval", "cleanportaleval", "dragnet", "r2l", "readability"] {
        let Ok(dir) = std::fs::read_dir(root.join(set).join("pages")) else {
            eprintln!("note: corpus set {set} not found under {}; skipped", root.display());
            continue;
        };
        let mut paths: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("read page");
            let (html, _) = dana::decode(&bytes, None);
            check(&html, &path.display().to_string());
            n += 1;
        }
    }
    eprintln!("{n} corpus pages tokenised alike");
    assert!(
        n >= 8 || std::env::var_os("DANA_CORPUS").is_none(),
        "DANA_CORPUS is set but holds {n} pages"
    );
}
