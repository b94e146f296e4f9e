//! The progress bar of `dana eval`, on stderr. On a terminal it redraws one line; otherwise
//! (a log file, CI) it prints a line at every tenth of the work, so logs stay short.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    total: usize,
    done: usize,
    start: Instant,
    enabled: bool,
    tty: bool,
    last_draw: Option<Instant>,
    last_tenth: usize,
}

impl Progress {
    /// A bar over `total` pages; `enabled = false` draws nothing (notes still print).
    pub fn new(total: usize, enabled: bool) -> Progress {
        Progress { total, done: 0, start: Instant::now(), enabled, tty: std::io::stderr().is_terminal(), last_draw: None, last_tenth: 0 }
    }

    /// One more page done; `label` names it.
    pub fn step(&mut self, label: &str) {
        self.done += 1;
        if !self.enabled {
            return;
        }
        let elapsed = self.start.elapsed();
        if self.tty {
            let now = Instant::now();
            if self.done < self.total && self.last_draw.is_some_and(|t| now - t < Duration::from_millis(100)) {
                return;
            }
            self.last_draw = Some(now);
            let width = 30;
            let filled = (self.done * width).checked_div(self.total).unwrap_or(width);
            let label: String = label.chars().take(40).collect();
            eprint!("\r\x1b[2K[{}{}] {}/{} pages {:.0} s  {label}", "#".repeat(filled), "-".repeat(width - filled), self.done, self.total, elapsed.as_secs_f64());
            let _ = std::io::stderr().flush();
        } else {
            let tenth = (self.done * 10).checked_div(self.total).unwrap_or(10);
            if tenth > self.last_tenth {
                self.last_tenth = tenth;
                eprintln!("dana eval: {}/{} pages, {:.0} s", self.done, self.total, elapsed.as_secs_f64());
            }
        }
    }

    /// A note on its own line, above the bar.
    pub fn note(&mut self, msg: &str) {
        if self.enabled && self.tty && self.last_draw.is_some() {
            eprint!("\r\x1b[2K");
            self.last_draw = None;
        }
        eprintln!("note: {msg}");
    }

    /// Clears the bar.
    pub fn finish(&mut self) {
        if self.enabled && self.tty && self.last_draw.is_some() {
            eprintln!("\r\x1b[2K{} pages in {:.1} s", self.done, self.start.elapsed().as_secs_f64());
            self.last_draw = None;
        }
    }
}
