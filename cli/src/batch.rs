//! The pages of a WARC through the engine on several threads, in the file's order:
//! `dana extract --warc` writes what [`Batch`] yields as JSON lines, the Python package's
//! `extract_warc` yields it as dicts.
//!
//! One thread reads the file ([`crate::warc::Pages`]), `threads` workers decode and extract,
//! and the caller takes the results in order. A fixed number of tickets bounds the records in
//! flight (read, being extracted, or finished and waiting for an earlier one), so memory does
//! not grow with the file: at most [`Batch::in_flight`] records of at most
//! [`crate::warc::MAX_RECORD`] bytes each.

use std::collections::BTreeMap;
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use dana::{Dir, Options};
use serde::Serialize;

use crate::warc::{Item, Page, Pages};

/// What `dana extract --warc` writes for one page, one JSON line: the record's identity, then
/// the extraction's main fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    #[serde(rename = "WARC-Record-ID")]
    pub record_id: String,
    #[serde(rename = "WARC-Target-URI")]
    pub uri: String,
    #[serde(rename = "WARC-Date")]
    pub date: String,
    pub title: String,
    pub text: String,
    pub lang: String,
    pub dir: Dir,
    pub byline: Option<String>,
    pub published: Option<String>,
    pub readerable: f64,
}

impl Line {
    /// The line as JSON, without its newline.
    pub fn to_json(&self) -> String {
        // Serialising plain strings and numbers cannot fail; an error here would be a bug.
        serde_json::to_string(self).expect("a Line serialises to JSON")
    }
}

/// One result, in the file's order.
#[derive(Debug)]
pub enum Outcome {
    Line(Line),
    /// A record that could not be read or extracted, and why: reported, then skipped.
    Bad(String),
}

/// The engine's work on one page: the HTTP charset joins the engine's own sniffing, and the
/// record's address is the base of its links when it is a web address.
pub fn extract(page: Page, options: &Options) -> Line {
    let (html, _) = dana::decode(&page.body, page.charset.as_deref());
    drop(page.body);
    let web = page.uri.starts_with("http://") || page.uri.starts_with("https://");
    let url = web.then(|| page.uri.clone()).filter(|u| url::Url::parse(u).is_ok());
    let with_url;
    let options = if url.is_some() {
        with_url = Options { url, ..options.clone() };
        &with_url
    } else {
        options
    };
    let ex = dana::extract(&html, options);
    Line {
        record_id: page.record_id,
        uri: page.uri,
        date: page.date,
        title: ex.title,
        text: ex.text,
        lang: ex.lang,
        dir: ex.dir,
        byline: ex.byline,
        published: ex.published,
        readerable: ex.readerable,
    }
}

/// The pages of one WARC file on their way through the engine (an [`Iterator`] of
/// [`Outcome`]s in the file's order). Dropping it stops the threads.
pub struct Batch {
    results: Receiver<(u64, Outcome)>,
    waiting: BTreeMap<u64, Outcome>,
    next: u64,
    tickets: SyncSender<()>,
    read: Arc<AtomicU64>,
}

impl Batch {
    /// The records in flight for `threads` workers.
    pub fn in_flight(threads: usize) -> usize {
        4 * threads.max(1)
    }

    /// Opens the WARC and starts `threads` workers (at least one) on its pages.
    pub fn start(path: &Path, options: &Options, threads: usize) -> io::Result<Batch> {
        let pages = Pages::open(path)?;
        let read = pages.bytes_read();
        let threads = threads.max(1);
        let tickets_count = Batch::in_flight(threads);
        let (tickets, ticket) = sync_channel::<()>(tickets_count);
        for _ in 0..tickets_count {
            tickets.send(()).expect("the receiver is here");
        }
        let (work, todo) = sync_channel::<(u64, Item)>(threads);
        let (done, results) = channel::<(u64, Outcome)>();

        // Threads are named after what they do, for a debugger or a panic message.
        thread::Builder::new().name("dana-warc-reader".into()).spawn(move || {
            for (seq, item) in (0u64..).zip(pages) {
                // Waits for a free place; a dropped Batch closes the channel and ends the loop.
                if ticket.recv().is_err() || work.send((seq, item)).is_err() {
                    return;
                }
            }
        })?;
        let todo = Arc::new(Mutex::new(todo));
        for i in 0..threads {
            let (todo, done, options) = (Arc::clone(&todo), done.clone(), options.clone());
            thread::Builder::new().name(format!("dana-worker-{i}")).spawn(move || loop {
                // The lock is held only to take the next item, not while extracting.
                let next = todo.lock().map(|rx| rx.recv());
                let Ok(Ok((seq, item))) = next else { return };
                let outcome = match item {
                    Item::Bad(why) => Outcome::Bad(why),
                    Item::Page(page) => {
                        let id = page.record_id.clone();
                        // A panic is a bug in the engine; it costs the record, not the file.
                        match catch_unwind(AssertUnwindSafe(|| extract(page, &options))) {
                            Ok(line) => Outcome::Line(line),
                            Err(_) => Outcome::Bad(format!(
                                "record {id}: internal error (a bug, please report it)"
                            )),
                        }
                    }
                };
                if done.send((seq, outcome)).is_err() {
                    return;
                }
            })?;
        }
        Ok(Batch { results, waiting: BTreeMap::new(), next: 0, tickets, read })
    }

    /// A counter of the bytes of the file read so far (compressed, for a `.warc.gz`).
    pub fn bytes_read(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.read)
    }
}

impl Iterator for Batch {
    type Item = Outcome;

    fn next(&mut self) -> Option<Outcome> {
        loop {
            if let Some(outcome) = self.waiting.remove(&self.next) {
                self.next += 1;
                // Its place is free again; the reader has gone when the file is read.
                let _ = self.tickets.try_send(());
                return Some(outcome);
            }
            // Every worker has gone: the file is read and every result taken.
            let (seq, outcome) = self.results.recv().ok()?;
            self.waiting.insert(seq, outcome);
        }
    }
}
