"""Entry point."""
from orders.service import OrderService

svc = OrderService()
svc.place("book")
print(svc.history())
