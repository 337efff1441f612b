//! The openings certificates' tests: the forest's walks, what a range writes and totals, and
//! `check_entry` refusing broken closures.

use super::*;

/// The forest's walks are valid paths for every winning opening (so the per-opening search
/// is a fallback never taken here), and a walk to a vertex of another class is refused.
#[test]
fn every_winning_opening_has_its_path_in_the_complete_forest() {
    for n in [200u64, 1000, 5000] {
        let graph = Graph::divisibility(n);
        let mut engine = Engine::new(&graph);
        let every: Vec<u32> = (0..n as u32).collect();
        let (base, classes, walked) =
            engine.maximum_matching_classes_and_paths(graph.vertex_count(), |_| every);
        let (mut seen, mut checked) = (vec![0u32; n as usize + 1], 0);
        for (v, walk) in (1..=n).zip(walked) {
            let is_d = classes[(v - 1) as usize] == Class::D;
            assert_eq!(walk.is_some(), is_d, "n = {n}, v = {v}");
            if let Some(walk) = walk {
                let path: Vec<u64> = walk.iter().rev().map(|&x| x as u64 + 1).collect();
                checked += 1;
                assert!(
                    is_alternating_path(&base, &path, v, &mut seen, checked),
                    "{v}"
                );
            }
        }
        assert!(checked > 0);
        // A path that repeats a number, or ends elsewhere, is refused.
        let fake = [1u64, 2, 1];
        assert!(!is_alternating_path(
            &base,
            &fake,
            1,
            &mut seen,
            checked + 1
        ));
    }
}

#[test]
fn a_range_writes_what_each_n_certifies_and_totals_its_stats() {
    let dir = tempfile::tempdir().unwrap();
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let done = || {
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let report = certify_openings_range(1, 30, OpeningRule::Even, Some(dir.path()), &done);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(calls.into_inner(), 30);
    let ns: Vec<u64> = report.rows.iter().map(|row| row.n).collect();
    assert_eq!(ns, (1..=30).collect::<Vec<_>>());
    let (mut positions, mut bytes, mut by_barrier) = (0, 0, 0);
    for row in &report.rows {
        let one = certify_openings_verified(row.n, OpeningRule::Even).unwrap();
        let written = std::fs::read(dir.path().join(file_name(row.n))).unwrap();
        assert_eq!(written, one.bytes);
        assert_eq!(*row, one.manifest_row());
        positions += one.verdict.positions;
        bytes += written.len() as u64;
        by_barrier += one.stats.by_barrier();
    }
    assert_eq!(
        (report.positions, report.bytes, report.by_barrier),
        (positions, bytes, by_barrier)
    );
    assert!(report.by_barrier > 0);
    // A dry run (no folder) reports the same rows.
    let dry = certify_openings_range(1, 30, OpeningRule::Even, None, &|| {});
    assert_eq!(dry.rows, report.rows);
    // Beyond the matching engine every n fails, in the order of n.
    let first = matching::MAX_N + 1;
    let report = certify_openings_range(first, first + 2, OpeningRule::Even, None, &|| {});
    assert!(report.rows.is_empty());
    let named: Vec<bool> = (first..=first + 2)
        .zip(&report.failures)
        .map(|(n, failure)| failure.contains(&format!("n = {n} ")))
        .collect();
    assert_eq!(named, [true; 3], "{:?}", report.failures);
}

#[test]
fn check_entry_refuses_broken_closures() {
    let (entries, _) = openings_entries(60, OpeningRule::Even).unwrap();
    for entry in entries {
        assert!(check_entry(60, OpeningRule::Even, &entry).is_ok());
        let (OpeningEntry::WinPairing { pairs, .. } | OpeningEntry::LosePairing { pairs, .. }) =
            &entry
        else {
            continue;
        };
        // Every pair an entry carries is used by its closure: without it, it is open.
        for dropped in 0..pairs.len() {
            let mut broken = entry.clone();
            if let OpeningEntry::WinPairing { pairs, .. }
            | OpeningEntry::LosePairing { pairs, .. } = &mut broken
            {
                pairs.remove(dropped);
            }
            assert!(
                check_entry(60, OpeningRule::Even, &broken).is_err(),
                "{broken:?}"
            );
        }
    }
    let unrelated = OpeningEntry::LosePairing {
        openings: vec![2],
        pairs: vec![(1, 2), (3, 5)],
    };
    assert!(check_entry(60, OpeningRule::Even, &unrelated).is_err());
}
