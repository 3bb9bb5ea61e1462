"""Every named enum of the contract (`StateCode`, `EventType`, …), every model of the API's answers (`Invoice`, `Party`, …) and every TypedDict of request bodies'
nested objects (`InvoiceItemCreateParam`, `AddressParam`, …), generated from the contract.
"""

from ._generated.enums import *  # noqa: F403
from ._generated.enums import __all__ as _enums
from ._generated.models import *  # noqa: F403
from ._generated.models import __all__ as _models
from ._generated.params import *  # noqa: F403
from ._generated.params import __all__ as _params

__all__ = [*_enums, *_models, *_params]
