"""Account pages beyond django-allauth's: the API token."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("token/", views.ApiTokenView.as_view(), name="api_token"),
]
