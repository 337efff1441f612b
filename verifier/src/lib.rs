//! The trust anchor: checks a Juniper Green certificate against the raw rules only.
//! See spec.md for the format, the walk and why an accepted certificate is a proof.
