import { createApp } from 'vue';
import ReviewsSection from './ReviewsSection.vue';

const endpoint = new URLSearchParams(location.search).get('endpoint') ?? '/widget-api';
createApp(ReviewsSection, { endpoint }).mount('#app');
