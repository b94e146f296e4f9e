//! A global allocator that counts heap bytes per thread, shared by `tests/hostile.rs` and
//! `benches/scaling.rs` (each includes it with `#[path]` and gets it as its global allocator).
//! Per thread: the test harness runs other tests (and builds their 50 MB inputs) on other
//! threads at the same time, and an extraction runs on one thread, so a thread's own counters
//! measure exactly what it allocated. (Signed: memory freed here may have been allocated
//! elsewhere.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grew(by: usize) {
    let _ = CURRENT.try_with(|c| {
        let now = c.get() + by as isize;
        c.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

fn shrank(by: usize) {
    let _ = CURRENT.try_with(|c| c.set(c.get() - by as isize));
}

/// This thread's live heap bytes (relative to an arbitrary zero).
pub fn current() -> isize {
    CURRENT.with(Cell::get)
}

/// Starts measuring a peak from now; returns the level to pass to [`peak_since`].
pub fn start_peak() -> isize {
    let now = current();
    PEAK.with(|p| p.set(now));
    now
}

/// The highest level since [`start_peak`], above `before`.
pub fn peak_since(before: isize) -> usize {
    (PEAK.with(Cell::get) - before).max(0) as usize
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                shrank(layout.size() - new_size);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Heap bytes live at the peak of `f` on this thread, above those live when it started.
pub fn peak_of<F: FnOnce()>(f: F) -> usize {
    let before = start_peak();
    f();
    peak_since(before)
}
