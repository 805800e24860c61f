"""Quality measurements that write nothing shipped: `calibration_study` records what the
calibrated scorer sees for every labelled claim, and `calibration_variants` compares
scorer variants and the later rules' bars on that recording."""
