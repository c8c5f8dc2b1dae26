# TEMPORARY SHIM (not committed): replaced by the i10-prices branch
from dataclasses import dataclass
from mediakit.errors import MediakitError, ValidationError, EXIT_BAD_INPUT
@dataclass(frozen=True)
class Tier:
    tier: str; name: str; monthly_credits: int; max_concurrent_jobs: int; max_video_duration: int
    operations: tuple = (); models_available: tuple = ()
_T = {t.tier: t for t in [Tier("free","Free",0,1,5), Tier("payg","Pay As You Go",0,2,15), Tier("starter","Creator",3900,3,10),
      Tier("creator","Pro",6900,5,15), Tier("pro_plus","Pro Plus",12900,10,15)]}
def get_tier(name):
    if name not in _T: raise ValidationError("plan", name, "must be one of " + ", ".join(_T))
    return _T[name]
def check_plan(tier, plan): pass
class InsufficientCredits(MediakitError):
    code="insufficient_credits"; status=402; exit_code=EXIT_BAD_INPUT
    def __init__(self, required, available):
        self.required=required; self.available=available
        super().__init__(f"needs {required} credits; {available} available")
