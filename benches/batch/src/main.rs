//! `rs_trafilatura_warc WARC OUT`: rs-trafilatura's text of each HTML record of a WARC, read
//! with the reader of `dana extract --warc`, written to OUT/SET/ID.txt for the records of
//! scripts/corpus_warc.py (`<urn:dana-corpus:SET/ID>`), for `dana eval --peer`. Prints the pages
//! and bytes it read; scripts/bench_batch.py times the process.

use std::path::PathBuf;

use dana_cli::warc::{Item, Pages};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [warc, out] = args.as_slice() else {
        return Err("usage: rs_trafilatura_warc WARC OUT".into());
    };
    let (mut pages, mut bytes, mut failed) = (0u64, 0u64, 0u64);
    for item in Pages::open(warc.as_ref()).map_err(|e| format!("{warc}: {e}"))? {
        let Item::Page(page) = item else { continue };
        pages += 1;
        bytes += page.body.len() as u64;
        // rs-trafilatura decodes the bytes itself (the HTTP charset is not its input).
        let text = match rs_trafilatura::extract_bytes(&page.body) {
            Ok(result) => result.content_text,
            Err(_) => {
                failed += 1;
                String::new()
            }
        };
        if let Some(name) =
            page.record_id.strip_prefix("<urn:dana-corpus:").and_then(|s| s.strip_suffix('>'))
        {
            if !name.contains('#') {
                let path = PathBuf::from(out).join(format!("{name}.txt"));
                std::fs::create_dir_all(path.parent().expect("OUT/SET"))
                    .and_then(|()| std::fs::write(&path, text))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    println!("{pages} pages {bytes} bytes {failed} failed");
    Ok(())
}
