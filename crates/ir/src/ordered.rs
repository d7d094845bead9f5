//! An ordered pipeline over numbered work items, each thread with its own state: items are started in index order
//! on up to `threads` threads (rayon's current pool and the calling thread), and their results are consumed on the
//! calling thread strictly in index order, between the items it works on itself.
//!
//! The reader (function bodies) and the pass manager (function-local passes) use it with a private copy of the
//! module's tables as each thread's state. Invariants:
//! - each thread's state sees its items in increasing index order (a thread takes the next index from a shared
//!   cursor only when it has finished its last item), so what a state created for an earlier item is there for
//!   a later one, and the consumer has already seen the earlier item;
//! - `sink` sees every result in index order, exactly once, up to the first `Err` it returns; then no further item
//!   is started and `run` returns that error once every thread has stopped;
//! - a panic in `work` on any thread stops the others from starting items and reaches the caller (never a hang);
//! - with `threads <= 1` everything runs on the calling thread, in order, with one state.

use std::sync::{Condvar, Mutex};

struct Shared<R> {
    /// The next item to start.
    next: usize,
    /// Finished results not yet consumed, by index.
    done: Vec<Option<R>>,
    /// Set when the sink failed or a thread panicked: start nothing more.
    stop: bool,
}

/// Sets `stop` when the thread unwinds while this is alive, so the calling thread does not wait forever.
struct StopOnPanic<'a, R>(&'a Mutex<Shared<R>>, &'a Condvar);

impl<R> Drop for StopOnPanic<'_, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().unwrap_or_else(|e| e.into_inner()).stop = true;
            self.1.notify_all();
        }
    }
}

/// Runs `work(state, i)` for every `i` in `0..n` on up to `threads` threads, each with its own state made by
/// `state(thread)` (thread 0 is the calling thread; a state is made only by a thread that starts an item), and
/// feeds the results to `sink(i, result)` in index order on the calling thread; stops at the first error `sink`
/// returns.
pub fn run<S, R, E>(
    n: usize,
    threads: usize,
    state: impl Fn(usize) -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    mut sink: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    R: Send,
{
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        let mut s = state(0);
        for i in 0..n {
            sink(i, work(&mut s, i))?;
        }
        return Ok(());
    }
    let shared = Mutex::new(Shared { next: 0, done: (0..n).map(|_| None).collect(), stop: false });
    let cv = Condvar::new();
    let (shared, cv, state, work) = (&shared, &cv, &state, &work);
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    // Takes the next item, works on it and stores the result; false when there is none to take.
    let step = move |s: &mut S| -> bool {
        let i = {
            let mut g = lock();
            if g.stop || g.next >= n {
                return false;
            }
            g.next += 1;
            g.next - 1
        };
        let r = work(s, i);
        lock().done[i] = Some(r);
        cv.notify_all();
        true
    };
    let mut result = Ok(());
    rayon::in_place_scope(|scope| {
        for t in 1..threads {
            scope.spawn(move |_| {
                let _guard = StopOnPanic(shared, cv);
                {
                    let g = lock();
                    if g.stop || g.next >= n {
                        return;
                    }
                }
                let mut s = state(t);
                while step(&mut s) {}
            });
        }
        let mut own: Option<S> = None;
        let mut k = 0;
        while k < n {
            let mut g = lock();
            if let Some(r) = g.done[k].take() {
                drop(g);
                if let Err(e) = sink(k, r) {
                    lock().stop = true;
                    result = Err(e);
                    return;
                }
                k += 1;
                continue;
            }
            if !g.stop && g.next < n {
                drop(g);
                step(own.get_or_insert_with(|| state(0)));
                continue;
            }
            if g.stop {
                // A thread panicked: rayon passes the panic on when the scope ends.
                return;
            }
            // Item `k` is being worked on by another thread.
            drop(cv.wait(g).unwrap_or_else(|e| e.into_inner()));
        }
    });
    result
}

#[cfg(test)]
mod tests {
    use super::run;

    #[test]
    fn results_come_in_order_and_states_see_increasing_items() {
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let r: Result<(), ()> = run(
                100,
                threads,
                |t| (t, Vec::new()),
                |s: &mut (usize, Vec<usize>), i| {
                    // Uneven work.
                    std::thread::sleep(std::time::Duration::from_micros((i % 7) as u64 * 30));
                    assert!(s.1.last().is_none_or(|&l| l < i), "a state went back");
                    s.1.push(i);
                    i * 2
                },
                |i, r| {
                    assert_eq!(r, i * 2);
                    seen.push(i);
                    Ok(())
                },
            );
            assert_eq!(r, Ok(()));
            assert_eq!(seen, (0..100).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_first_sink_error_stops_it() {
        for threads in [1, 2, 4] {
            let mut seen = 0;
            let r = run(
                50,
                threads,
                |_| (),
                |_, i| i,
                |i, _| {
                    if i == 20 {
                        return Err(i);
                    }
                    seen += 1;
                    Ok(())
                },
            );
            assert_eq!(r, Err(20));
            assert_eq!(seen, 20);
        }
    }

    #[test]
    fn a_panic_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| {
            let _ = run(40, 2, |_| (), |_, i| if i == 13 { panic!("item 13") } else { i }, |_, _| Ok::<(), ()>(()));
        });
        assert!(r.is_err());
    }
}
