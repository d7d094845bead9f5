//! An ordered parallel map for code generation: items are processed on several threads, results are consumed
//! on the calling thread strictly in item order, and at most a window of finished results waits at a time.
//!
//! Code generation of a module compiles its functions independently and appends each one's PTX to the module
//! text in module order. The earlier scheme (rayon, chunks of a few functions per thread with a barrier after
//! each chunk) gained nothing on modules of many small functions: a chunk of libdevice's functions took about
//! 0.3 ms, less than a sleeping pool thread takes to wake up and steal, so each chunk ran on one thread and the
//! compile was as slow on two cores as on one. Here `threads - 1` loops are spawned on rayon's current pool
//! (long-lived threads: the allocator's per-thread free lists are not stranded by exiting threads) and the calling
//! thread works too, between appending results: each takes the next item from a shared cursor as soon as it
//! finishes the last (no barrier). A loop that starts late (its pool thread was asleep or busy) finds less to do;
//! nothing waits for it.
//!
//! Invariants:
//! - `sink` sees the results in item order, each exactly once, up to the first `Err` it returns (then no further
//!   item is started and `run` returns that error after every thread has stopped);
//! - an item is started only while fewer than `window` results are waiting to be consumed, so at most
//!   `window + threads` results exist at once (peak memory stays bounded on modules of many large functions);
//! - a panic in `work` on any thread stops the others from starting items and is propagated to the caller
//!   (never a hang);
//! - with `threads <= 1` everything runs on the calling thread, in order, without spawning;
//! - no deadlock when called from inside a busy pool: the calling thread never waits for an item nobody has
//!   started (it takes such items itself), only for items a running loop is computing.

use std::sync::{Condvar, Mutex};

struct State<T, R> {
    /// Items not yet started, in order (taken from the front).
    items: std::collections::VecDeque<T>,
    /// Index of the next item to start.
    next: usize,
    /// Index of the next result the sink takes.
    cursor: usize,
    /// Finished results not yet consumed: slot `k` holds item `cursor + k`.
    done: std::collections::VecDeque<Option<R>>,
    /// Set when the sink failed or a worker panicked: start nothing more.
    stop: bool,
    /// Set when a worker panicked.
    panicked: bool,
}

struct Shared<T, R> {
    state: Mutex<State<T, R>>,
    cv: Condvar,
}

impl<T, R> Shared<T, R> {
    fn lock(&self) -> std::sync::MutexGuard<'_, State<T, R>> {
        // A poisoned lock means a worker panicked while holding it; the state is still consistent enough to stop.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Takes the next item if the window allows it.
fn take<T, R>(s: &mut State<T, R>, window: usize) -> Option<(usize, T)> {
    if s.stop || s.next >= s.cursor + window {
        return None;
    }
    let item = s.items.pop_front()?;
    let i = s.next;
    s.next += 1;
    Some((i, item))
}

/// Stores the result of item `i`.
fn put<T, R>(s: &mut State<T, R>, i: usize, r: R) {
    let k = i - s.cursor;
    while s.done.len() <= k {
        s.done.push_back(None);
    }
    s.done[k] = Some(r);
}

/// Sets `stop` and `panicked` if the thread unwinds while this is alive.
struct PanicGuard<'a, T, R>(&'a Shared<T, R>);

impl<T, R> Drop for PanicGuard<'_, T, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut s = self.0.lock();
            s.stop = true;
            s.panicked = true;
            drop(s);
            self.0.cv.notify_all();
        }
    }
}

/// Maps `work` over `items` on `threads` threads (the caller included) and feeds the results to `sink` in
/// order; stops at the first error `sink` returns. `window` (at least 1) bounds the finished results waiting.
pub fn run<T, R, E>(
    items: Vec<T>,
    threads: usize,
    window: usize,
    work: impl Fn(T) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    R: Send,
{
    let n = items.len();
    let threads = threads.min(n).max(1);
    if threads == 1 {
        for item in items {
            sink(work(item))?;
        }
        return Ok(());
    }
    let window = window.max(1);
    let shared = Shared {
        state: Mutex::new(State {
            items: items.into(),
            next: 0,
            cursor: 0,
            done: std::collections::VecDeque::new(),
            stop: false,
            panicked: false,
        }),
        cv: Condvar::new(),
    };
    let shared = &shared;
    let work = &work;
    rayon::in_place_scope(|scope| {
        for _ in 1..threads {
            scope.spawn(move |_| {
                let _guard = PanicGuard(shared);
                let mut s = shared.lock();
                loop {
                    if let Some((i, item)) = take(&mut s, window) {
                        drop(s);
                        let r = work(item);
                        s = shared.lock();
                        put(&mut s, i, r);
                        shared.cv.notify_all();
                        continue;
                    }
                    if s.stop || (s.items.is_empty()) {
                        return;
                    }
                    s = shared.cv.wait(s).unwrap_or_else(|e| e.into_inner());
                }
            });
        }
        // The calling thread consumes results in order and works on items while the next result is not ready.
        let _guard = PanicGuard(shared);
        let mut s = shared.lock();
        let result = loop {
            if s.cursor == n {
                break Ok(());
            }
            if s.panicked {
                break Ok(());
            }
            if let Some(Some(_)) = s.done.front() {
                let r = s.done.pop_front().flatten().expect("ready result");
                s.cursor += 1;
                drop(s);
                // Workers waiting for the window to move on may start another item.
                shared.cv.notify_all();
                let res = sink(r);
                s = shared.lock();
                if let Err(e) = res {
                    s.stop = true;
                    drop(s);
                    shared.cv.notify_all();
                    break Err(e);
                }
                continue;
            }
            if let Some((i, item)) = take(&mut s, window) {
                drop(s);
                let r = work(item);
                s = shared.lock();
                put(&mut s, i, r);
                continue;
            }
            s = shared.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        };
        // Leaving the scope waits for the spawned loops (and re-raises a panic of one of them).
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_arrive_in_order_for_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            let items: Vec<usize> = (0..200).collect();
            let mut seen = Vec::new();
            let r: Result<(), ()> = run(
                items,
                threads,
                4,
                |i| {
                    // Uneven work so that threads finish out of order.
                    let mut x = i as u64;
                    for _ in 0..(i % 7) * 1000 {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    }
                    (i, x)
                },
                |(i, _)| {
                    seen.push(i);
                    Ok(())
                },
            );
            assert!(r.is_ok());
            assert_eq!(seen, (0..200).collect::<Vec<_>>(), "threads = {threads}");
        }
    }

    #[test]
    fn the_first_error_stops_the_run() {
        let started = AtomicUsize::new(0);
        let mut seen = Vec::new();
        let r = run(
            (0..1000).collect::<Vec<usize>>(),
            3,
            4,
            |i| {
                started.fetch_add(1, Ordering::SeqCst);
                i
            },
            |i| {
                seen.push(i);
                if i == 10 {
                    Err(i)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err(10));
        assert_eq!(seen, (0..=10).collect::<Vec<_>>());
        // The window bounds how far past the failing item anything started.
        assert!(started.load(Ordering::SeqCst) <= 11 + 4 + 3, "{}", started.load(Ordering::SeqCst));
    }

    #[test]
    fn the_window_bounds_waiting_results() {
        let live = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let r: Result<(), ()> = run(
            (0..300).collect::<Vec<usize>>(),
            4,
            3,
            |i| {
                let l = live.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(l, Ordering::SeqCst);
                i
            },
            |_| {
                live.fetch_sub(1, Ordering::SeqCst);
                Ok(())
            },
        );
        assert!(r.is_ok());
        assert!(peak.load(Ordering::SeqCst) <= 3 + 4, "{}", peak.load(Ordering::SeqCst));
    }

    #[test]
    fn a_worker_panic_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| {
            let _ = run(
                (0..100).collect::<Vec<usize>>(),
                2,
                8,
                |i| {
                    if i == 37 {
                        panic!("item 37");
                    }
                    i
                },
                |_| Ok::<(), ()>(()),
            );
        });
        assert!(r.is_err());
    }

    #[test]
    fn empty_and_single_inputs() {
        let mut n = 0;
        assert!(run(Vec::<u8>::new(), 4, 2, |x| x, |_| -> Result<(), ()> { Ok(()) }).is_ok());
        assert!(run(
            vec![5u8],
            4,
            2,
            |x| x,
            |x| -> Result<(), ()> {
                n += x as usize;
                Ok(())
            }
        )
        .is_ok());
        assert_eq!(n, 5);
    }
}
