use super::fast::{FastValues, Folds};
use super::plain::{recursion_value, PlainMemo};
use crate::game::{bit, Board, OpeningRule};
use std::time::Instant;

#[test]
#[ignore]
fn measure() {
    for n in [20u32, 24, 28, 30, 32] {
        let board = Board::with_opening(n, OpeningRule::Even);
        let t = Instant::now();
        let (v, o) = PlainMemo::new(&board, usize::MAX).start().unwrap();
        let plain = t.elapsed();
        let t = Instant::now();
        let mut f = FastValues::new(&board, Folds::ALL, 1 << 33);
        let mut vals = vec![];
        for &(e, _) in &o {
            vals.push((e, f.value(e, board.all() & !bit(e)).unwrap() as u8));
        }
        let fast = t.elapsed();
        assert_eq!(vals, o);
        let _ = recursion_value;
        eprintln!("n={n} v={v} plain {plain:?} fast {fast:?} {:?} held {:?}", f.counts, f.held());
    }
}

#[test]
#[ignore]
fn measure_fast() {
    let to: u32 = std::env::var("JG_TO").map(|s| s.parse().unwrap()).unwrap_or(50);
    for n in (34..=to).step_by(2) {
        for rule in [OpeningRule::Even, OpeningRule::Free] {
            let board = Board::with_opening(n, rule);
            let t = Instant::now();
            let mut f = FastValues::new(&board, Folds::ALL, 1 << 33);
            let mut vals = vec![];
            for e in crate::game::numbers(board.openings()) {
                vals.push(f.value(e, board.all() & !bit(e)).unwrap());
            }
            eprintln!("n={n} {rule:?} max={:?} {:?} {:?} held {:?}", vals.iter().max(), t.elapsed(), f.counts, f.held());
        }
    }
}
